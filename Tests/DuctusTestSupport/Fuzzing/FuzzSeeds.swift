import Foundation
import InkFormats
import OpenPencilKit

/// The files a fuzz run of one format mutates: real files of `../shared` (a spread of each data
/// set), the repository's fixtures and samples, and files that Ductus's writers make from the
/// real PencilKit drawings; when `../shared` is absent, built-in samples in its place, so that
/// every format always has seeds.
public struct FuzzSeeds: Sendable {
  /// The seed files' bytes.
  public var files: [[UInt8]]
  /// Where they come from, for the run's report.
  public var source: String

  /// How many files of a large data set are taken (spread evenly over its sorted paths).
  static let filesPerDataSet = 40

  /// The seeds of `target`.
  public init(for target: FuzzTarget) throws {
    let shared = SharedData.isAvailable
    let pencilKit = Self.pencilKitDrawings()
    switch target {
    case .npy:
      files = Self.files(in: SharedData.fixture("npy"), extension: "npy")
      files.append(
        Array(NpyArray(shape: [3, 2], values: [1, -0.0, 2.5, 1e300, 0, 7]).dataRepresentation()))
      source = "Tests/Fixtures/npy and a written array"
    case .reader(.pencilKit):
      files = pencilKit.map(\.bytes)
      source =
        "\(files.count) PencilKit files: real iPad blobs, layout fixtures, samples"
        + (shared ? ", ../shared/fixtures/pkdrawing" : "")
    case .reader(.ductusJSON), .reader(.inkML):
      let format = target == .reader(.inkML) ? InkFileFormat.inkML : .ductusJSON
      files = try pencilKit.compactMap(\.drawing).map { try Self.written($0, as: format) }
      if format == .ductusJSON {
        files += Self.files(
          in: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples"),
          extension: "json")
      } else {
        files.append(Array(Self.inkMLSample.utf8))
      }
      source = "\(files.count) files written by Ductus from the real PencilKit drawings, samples"
    case .reader(.ductusNDJSON):
      let sample = SharedData.repositoryRoot.appendingPathComponent(
        "Datasets/samples/samples.ndjson")
      files = try Self.ndjsonCorpora(pencilKit.compactMap(\.drawing))
      files += (try? Data(contentsOf: sample)).map { [Array($0)] } ?? []
      source = "Datasets/samples/samples.ndjson and corpora written from the PencilKit drawings"
    case .reader(.signatureXML):
      let svc2004 =
        shared
        ? Self.realFiles(of: .svc2004) : Self.builtInSamples(of: .svc2004).map { Array($0.utf8) }
      let signatures = svc2004.compactMap {
        try? SVC2004Reader.record(from: Data($0), name: "U1S1.TXT").drawing
      }
      files = try signatures.map { try Self.written($0, as: .signatureXML) }
      files.append(Array(Self.signatureXMLSample.utf8))
      source = "\(signatures.count) SVC2004 signatures written by Ductus as signature XML, a sample"
    case .reader(let format):
      let real = shared ? Self.realFiles(of: format) : []
      if real.isEmpty {
        files = Self.builtInSamples(of: format).map { Array($0.utf8) }
        source = "no real \(format.rawValue) files (\(SharedData.skipMessage)): built-in samples"
      } else {
        files = real
        source = "\(real.count) real \(format.rawValue) files"
      }
    }
    files.removeAll(where: \.isEmpty)
  }

  /// The PencilKit files of the repository and of `../shared`, with their drawings when they
  /// decode.
  static func pencilKitDrawings() -> [(bytes: [UInt8], drawing: PKDrawing?)] {
    let layouts = SharedData.fixture("pkdrawing-layouts")
    var blobs = files(in: layouts, extension: "pkdrawing")
    for url in paths(in: layouts.appendingPathComponent("real"), extension: "b64") {
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined()
      if let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) {
        blobs.append(Array(data))
      }
    }
    blobs += files(
      in: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples"),
      extension: "pkdrawing")
    blobs += files(in: SharedData.url("fixtures/pkdrawing"), extension: "pkdrawing")
    return blobs.map { ($0, try? PKDrawing(data: Data($0))) }
  }

  /// A spread of the real files of a read-only format in `../shared` (and the Hershey fonts
  /// Debian installs).
  static func realFiles(of format: InkFileFormat) -> [[UInt8]] {
    let datasets = SharedData.url("datasets")
    switch format {
    case .quickDraw:
      // The first three drawings of each category.
      return paths(in: datasets.appendingPathComponent("quickdraw-dev"), extension: "ndjson")
        .compactMap {
          guard let text = try? String(contentsOf: $0, encoding: .utf8) else { return nil }
          return Array((text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n").utf8)
        }
    case .dollarGesture:
      return files(in: datasets.appendingPathComponent("dollar-unistroke"), extension: "xml")
    case .kanjiVG:
      return files(in: datasets.appendingPathComponent("kanjivg-sample"), extension: "svg")
    case .svc2004:
      return files(in: datasets.appendingPathComponent("svc2004-task2-dev"), extension: "TXT")
    case .unipen: return unipenDocuments(in: datasets.appendingPathComponent("unipen-apa"))
    case .hershey:
      // The first two kilobytes (whole lines) of each font.
      return paths(in: URL(fileURLWithPath: "/usr/share/hershey-fonts"), extension: "jhf")
        .compactMap {
          guard let bytes = try? Data(contentsOf: $0) else { return nil }
          let cut = bytes.prefix(2048).lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
          return Array(bytes.prefix(cut))
        }
    default: return []
    }
  }

  /// UNIPEN segment files with their `.INCLUDE`s written in place, so that each stands alone
  /// in the scratch folder as the distribution's reader sees it.
  static func unipenDocuments(in distribution: URL) -> [[UInt8]] {
    let include = distribution.appendingPathComponent("include")
    return paths(in: distribution.appendingPathComponent("data"), extension: "dat").compactMap {
      url in
      guard let text = try? String(contentsOf: url, encoding: .isoLatin1) else { return nil }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard line.hasPrefix(".INCLUDE ") else { return String(line) }
        let name = line.dropFirst(9).trimmingCharacters(in: .whitespacesAndNewlines)
        return (try? String(contentsOf: include.appendingPathComponent(name), encoding: .isoLatin1))
          ?? ""
      }
      return Array(lines.joined(separator: "\n").utf8)
    }
  }

  /// The files with `extension` below `folder`, sorted, at most ``filesPerDataSet`` of them
  /// spread evenly.
  static func paths(in folder: URL, extension fileExtension: String) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var found: [URL] = []
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == fileExtension { found.append(url) }
    }
    found.sort { $0.path < $1.path }
    let stride = max(1, found.count / filesPerDataSet)
    return found.enumerated().filter { $0.offset % stride == 0 }.prefix(filesPerDataSet).map(
      \.element)
  }

  static func files(in folder: URL, extension fileExtension: String) -> [[UInt8]] {
    paths(in: folder, extension: fileExtension).compactMap { try? Array(Data(contentsOf: $0)) }
  }

  /// The bytes Ductus writes for `drawing` in `format`.
  static func written(_ drawing: PKDrawing, as format: InkFileFormat) throws -> [UInt8] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-fuzz-seed-\(UUID().uuidString).\(format.fileExtensions[0])")
    defer { try? FileManager.default.removeItem(at: url) }
    try format.write(drawing, to: url)
    return try Array(Data(contentsOf: url))
  }

  /// Ductus NDJSON corpora of the drawings, one and three records a file.
  static func ndjsonCorpora(_ drawings: [PKDrawing]) throws -> [[UInt8]] {
    var corpora: [[UInt8]] = []
    for start in stride(from: 0, to: drawings.count, by: 3) {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ductus-fuzz-seed-\(UUID().uuidString).ndjson")
      defer { try? FileManager.default.removeItem(at: url) }
      var writer = try InkFileFormat.ductusNDJSON.makeCorpusWriter(to: url)
      for (index, drawing) in drawings[start..<min(drawings.count, start + 3)].enumerated() {
        try writer.write(CorpusRecord(key: "r\(start + index)", label: "x", drawing: drawing))
      }
      try writer.finish()
      corpora.append(try Array(Data(contentsOf: url)))
    }
    return corpora
  }
}
