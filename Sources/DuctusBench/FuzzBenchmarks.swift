import DuctusTestSupport
import Foundation

/// `DuctusBench fuzz FORMAT --count N --seed S`: N mutated inputs through one reader (see
/// `ReaderFuzzer`), printing a cumulative summary every 10,000 inputs and at the end, then each
/// finding. An input running over `--hang-seconds` (1) is saved to `--findings` as
/// `FORMAT-hang-SEED-INDEX.EXT` and ends the process with status 3; findings end it with 1.
/// `--address-space` runs 200 inputs and prints the process's address space in KiB, the
/// baseline `Scripts/fuzz` adds 1 GiB to for `ulimit -v`. Run by `Scripts/fuzz`.
enum FuzzBenchmarks: BenchmarkSuite {
  static let name = "fuzz"
  static let summary = "mutated inputs through one reader (Scripts/fuzz FORMAT [N] [SEED])"

  static func run(_ arguments: BenchmarkArguments) throws {
    guard let target = FuzzTarget(name: arguments.caseName) else {
      throw BenchmarkError.unknownCase(
        arguments.caseName, known: FuzzTarget.allCases.map(\.description))
    }
    let count = try arguments.integer("count", default: 1_000_000)
    let first = try arguments.integer("start", default: 0)
    let seed = UInt64(try arguments.integer("seed", default: 1))
    let hangSeconds = Double(try arguments.integer("hang-milliseconds", default: 1_000)) / 1_000
    let scratch = URL(
      fileURLWithPath: (try? arguments.string("scratch")) ?? "/dev/shm/ductus-fuzz-\(target)")
    let findings = URL(
      fileURLWithPath: (try? arguments.string("findings")) ?? ".build/fuzz-findings")
    let fuzzer = try ReaderFuzzer(target: target, scratch: scratch)
    let watchdog = FuzzWatchdog(limit: hangSeconds) { index, input in
      let saved =
        fuzzer.save(input, as: "hang", seed: seed, index: index, in: findings) ?? "(not saved)"
      say("fuzz: \(target): hang: input #\(index) ran over \(hangSeconds) s; saved at \(saved)")
      exit(3)
    }
    if (try? arguments.string("address-space")) != nil {
      _ = fuzzer.run(seed: seed, inputs: first..<(first + 200), watchdog: watchdog)
      say("\(addressSpaceKiB())")
      return
    }
    var report = FuzzReport(target: "\(target)", seed: seed, seedSource: fuzzer.seeds.source)
    for start in stride(from: first, to: first + count, by: 10_000) {
      let end = min(first + count, start + 10_000)
      report.merge(
        fuzzer.run(seed: seed, inputs: start..<end, findings: findings, watchdog: watchdog))
      say(report.summary)
    }
    watchdog.stop()
    for finding in report.findings {
      say(
        "fuzz: \(target): finding: input #\(finding.index): \(finding.outcome) "
          + "(saved at \(finding.savedAt ?? "-"))"
      )
    }
    if report.findingCount > 0 { exit(1) }
  }

  /// Writes a line to standard output at once (a killed run keeps its last summary).
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// The process's address space (`VmSize` of `/proc/self/status`) in KiB.
  static func addressSpaceKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
