import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("Importers in the format registry")
struct ImporterRegistryTests {
  @Test(arguments: [
    (".VERSION 1.0\n.INCLUDE apa/app.doc\n", "dat", InkFileFormat.unipen),
    (".PEN_DOWN\n1 2\n", "", .unipen),
    (
      "\u{FEFF}<?xml version=\"1.0\"?>\n<Gesture Name=\"v01\" Subject=\"2\">\n", "xml",
      .dollarGesture
    ),
    ("84\n2933 5678 31275775 0 1550 710 439\n", "txt", .svc2004),
    ("2\n1 2 3 0\n", "TXT", .svc2004),
    (
      "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 109 109\">\n<g id=\"kvg:04e00\">", "svg",
      .kanjiVG
    ),
    ("12345  6JZNFNM RVFVM\n12345  1JZ\n", "jhf", .hershey),
    ("  501  9I[RFJ[ RRFZ[ RMTWT\n", "", .hershey),
  ])
  func contentTellsTheFormat(head: String, fileExtension: String, format: InkFileFormat) {
    let detected = InkFileFormat.detect(
      head: InkFileFormat.trimmed(Array(head.utf8)), fileExtension: fileExtension)
    #expect(detected == format)
  }

  @Test(arguments: ["hello\n", "3\n1 2\n", "<svg><path d=\"M0 0\"/></svg>", ". not a keyword"])
  func othersAreNotMistakenForAnImporter(head: String) {
    let importers: [InkFileFormat] = [.unipen, .dollarGesture, .svc2004, .kanjiVG, .hershey]
    let detected = InkFileFormat.detect(head: Array(head.utf8))
    #expect(detected.map { !importers.contains($0) } ?? true)
  }

  @Test func commandLineNames() {
    #expect(InkFileFormat(name: "unipen") == .unipen)
    #expect(InkFileFormat(name: "dollar-xml") == .dollarGesture)
    #expect(InkFileFormat(name: "svc2004") == .svc2004)
    #expect(InkFileFormat(name: "kanjivg") == .kanjiVG)
    #expect(InkFileFormat(name: "hershey") == .hershey)
    #expect(InkFileFormat(name: "jhf") == .hershey)
  }

  @Test func importersAreReadOnly() {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("never.jhf")
    #expect(throws: InkFormatError.self) { try InkFileFormat.hershey.write(PKDrawing(), to: url) }
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test(
    "real files are detected and opened through the registry",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func realFiles() throws {
    let sets = SharedData.url("datasets")
    let cases: [(String, InkFileFormat)] = [
      ("unipen-apa/data/1a/apa/apa00/app0032.dat", .unipen),
      ("unipen-apa/include/apa/data/apa00/app0032.dat", .unipen),
      ("dollar-unistroke/s02/fast/arrow01.xml", .dollarGesture),
      ("svc2004-task2-dev/U1S1.TXT", .svc2004),
      ("kanjivg-sample/04e00.svg", .kanjiVG),
    ]
    for (path, format) in cases {
      #expect(try InkFileFormat.detect(url: sets.appendingPathComponent(path)) == format, "\(path)")
    }
    let one = try InkFileFormat.readDrawing(
      at: sets.appendingPathComponent("kanjivg-sample/04e00.svg"))
    #expect(one.strokes.count == 1)

    var signature = try InkFileFormat.openCorpus(
      at: sets.appendingPathComponent("svc2004-task2-dev/U2S30.TXT"))
    let record = try #require(try signature.next())
    #expect(record.key == "U2S30")
    #expect(record.label == "U2")
    #expect(record.metadata["authenticity"] == "forgery")

    var gestures = try InkFileFormat.openCorpus(
      at: sets.appendingPathComponent("dollar-unistroke/s02/fast"))
    var labels: [String: Int] = [:]
    while let gesture = try gestures.next() { labels[gesture.label ?? "", default: 0] += 1 }
    #expect(labels.count == 16)
    #expect(labels.values.allSatisfy { $0 == 10 })

    var unipen = try InkFileFormat.openCorpus(
      at: sets.appendingPathComponent("unipen-apa/data/1a"), as: .unipen)
    var digits = 0
    while let digit = try unipen.next() {
      digits += 1
      #expect(digit.label.map { $0.count == 1 && $0.first!.isNumber } == true)
    }
    #expect(digits == 692)

    // The distribution's root is told by its data/ and include/ folders, without --from.
    let root = sets.appendingPathComponent("unipen-apa")
    #expect(UnipenCodec.isDistribution(folder: root))
    #expect(!UnipenCodec.isDistribution(folder: root.appendingPathComponent("data")))
    var whole = try InkFileFormat.openCorpus(at: root)
    var keys: Set<String> = []
    var count = 0
    while let record = try whole.next() {
      keys.insert(record.key)
      count += 1
    }
    #expect(count == 10_342)
    #expect(keys.count == count)
  }

  @Test(
    "a Hershey font opens through the registry",
    .enabled(if: HersheyFontReaderTests.fontsInstalled, HersheyFontReaderTests.noFonts))
  func hersheyThroughTheRegistry() throws {
    let url = HersheyFontReader.systemFontFolder.appendingPathComponent("rowmans.jhf")
    #expect(try InkFileFormat.detect(url: url) == .hershey)
    var font = try InkFileFormat.openCorpus(at: url)
    var count = 0
    while try font.next() != nil { count += 1 }
    #expect(count == 96)
  }
}
