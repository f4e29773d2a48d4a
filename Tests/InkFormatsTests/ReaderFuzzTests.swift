import DuctusTestSupport
import Foundation
import InkFormats
import Testing

/// A short seeded fuzz of every reader in process, through `ReaderFuzzer` (the engine of
/// `Scripts/fuzz`, which runs a million inputs a format in release mode): each input is read
/// or refused with an `InkFormatError` naming the file, never another error, a crash or a hang.
@Suite("every reader survives mutated real files")
struct ReaderFuzzTests {
  /// Inputs a format: fewer for the readers that are slow in a debug build.
  static func inputs(for target: FuzzTarget) -> Int {
    switch target {
    case .npy, .reader(.pencilKit): 1_500
    case .reader(.inkML), .reader(.dollarGesture), .reader(.kanjiVG), .reader(.signatureXML): 600
    default: 200
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func mutatedFilesAreReadOrRefusedNamingTheFile(target: FuzzTarget) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-reader-fuzz-\(target)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let fuzzer = try ReaderFuzzer(target: target, scratch: scratch, maximumInputLength: 1 << 18)
    let count = Self.inputs(for: target)
    let watchdog = FuzzWatchdog(limit: 20) { index, _ in
      Issue.record("\(target): input #\(index) of seed 8 ran over 20 s")
    }
    defer { watchdog.stop() }
    let report = fuzzer.run(seed: 8, inputs: 0..<count, watchdog: watchdog)
    print(report.summary)
    #expect(report.inputs == count)
    #expect(report.outcomes.values.reduce(0, +) == count)
    #expect(report.findingCount == 0, "\(report.findings.map { "#\($0.index): \($0.outcome)" })")
    // The mutations neither leave every input readable nor break every one.
    #expect(report.outcomes["decoded", default: 0] > 0, "\(report.summary)")
    #expect(report.outcomes["decoded", default: 0] < count, "\(report.summary)")
    #expect(!fuzzer.seeds.files.isEmpty)
  }

  @Test func inputsAreAFunctionOfTheSeedAndTheIndex() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-reader-fuzz-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let fuzzer = try ReaderFuzzer(target: .reader(.svc2004), scratch: scratch)
    #expect(fuzzer.input(41, seed: 3) == fuzzer.input(41, seed: 3))
    #expect(fuzzer.input(41, seed: 3) != fuzzer.input(42, seed: 3))
    #expect(fuzzer.input(41, seed: 3) != fuzzer.input(41, seed: 4))
  }

  /// The mutations the issue names appear: interesting numbers in text, invalid UTF-8, deep
  /// nesting in JSON and XML, huge `.npy` shapes.
  @Test func theMutationsIncludeHugeNumbersInvalidUTF8AndDeepNesting() {
    let svc = Array("3\n1 2 3 1 4 5 6\n7 8 9 1 10 11 12\n13 14 15 0 16 17 18\n".utf8)
    var text = FuzzMutator(seeds: [svc], syntax: .text)
    let texts = (0..<1_500).map { text.input($0, seed: 5) }
    #expect(texts.contains { $0.contains(subsequence: Array("1e999".utf8)) })
    #expect(
      texts.contains { $0.contains(subsequence: Array(String(repeating: "9", count: 400).utf8)) })
    #expect(texts.contains { String(validating: $0, as: UTF8.self) == nil })
    var json = FuzzMutator(seeds: [Array(#"{"strokes":[]}"#.utf8)], syntax: .json)
    #expect(
      (0..<1_500).contains {
        json.input($0, seed: 5).contains(
          subsequence: Array(String(repeating: "[", count: 500).utf8))
      })
    var xml = FuzzMutator(seeds: [Array("<ink><trace>1 2</trace></ink>".utf8)], syntax: .xml)
    #expect(
      (0..<1_500).contains {
        xml.input($0, seed: 5).contains(
          subsequence: Array(String(repeating: "<a>", count: 500).utf8))
      })
    let npy = [UInt8](NpyArray(shape: [2], values: [1, 2]).dataRepresentation())
    var arrays = FuzzMutator(seeds: [npy], syntax: .npy)
    #expect(
      (0..<1_500).contains {
        arrays.input($0, seed: 5).contains(subsequence: Array("(9223372036854775807,)".utf8))
      })
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs in the bytes.
  fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
    Data(self).range(of: Data(needle)) != nil
  }
}
