import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("signature XML (ISO/IEC 19794-7 channels)")
struct SignatureXMLTests {
  /// Every record of a document held in memory, or the first error.
  static func records(_ text: String, limits: InkReadLimits = .default) throws -> [CorpusRecord] {
    var reader = try SignatureXMLReader(data: Data(text.utf8), name: "s.xml", limits: limits)
    var records: [CorpusRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  /// The records of a document, and the errors met on the way (reading on after each).
  static func outcomes(_ text: String, limits: InkReadLimits = .default) throws
    -> [Result<CorpusRecord, InkFormatError>]
  {
    var reader = try SignatureXMLReader(data: Data(text.utf8), name: "s.xml", limits: limits)
    var outcomes: [Result<CorpusRecord, InkFormatError>] = []
    while outcomes.count < 10 {
      do {
        guard let record = try reader.next() else { break }
        outcomes.append(.success(record))
      } catch let error as InkFormatError {
        outcomes.append(.failure(error))
      }
    }
    return outcomes
  }

  /// A document of signatures with the channels x, y, t (in ms) described, and `body` each.
  static func document(_ bodies: [String], channels: String = "x y t:1000") -> String {
    let descriptions = channels.split(separator: " ").map { item in
      let parts = item.split(separator: ":")
      let scaling = parts.count > 1 ? " scaling=\"\(parts[1])\"" : ""
      return "<ChannelDescription channel=\"\(parts[0])\"\(scaling)/>"
    }.joined()
    let signatures = bodies.enumerated().map { index, body in
      "<Signature key=\"k\(index + 1)\"><ChannelDescriptions>\(descriptions)"
        + "</ChannelDescriptions>\n\(body)\n</Signature>"
    }
    return
      "<?xml version=\"1.0\"?>\n<SignatureChannels xmlns=\"\(SignatureXMLWriter.namespace)\">\n"
      + signatures.joined(separator: "\n") + "\n</SignatureChannels>\n"
  }

  @Test func theStandardsTimeSeriesIsReadWithItsScalingsAndPenTipSwitch() throws {
    let records = try Self.records(FuzzSeeds.signatureXMLSample)
    #expect(records.map(\.key) == ["u1/1", "u1/2"])
    #expect(records[0].label == "u1")
    #expect(records[0].metadata == ["user": "u1"])
    // The sample of s = 0 lifts the pen: two strokes, the pen-up sample dropped.
    let strokes = records[0].drawing.strokes
    #expect(strokes.map(\.path.count) == [2, 2])
    let first = strokes[0].path[0]
    #expect(first.location == CGPoint(x: 10, y: 20))
    #expect(first.force == 300.0 / 1023)
    #expect(abs(first.azimuth - .pi / 4) < 1e-15)
    #expect(abs(first.altitude - .pi / 3) < 1e-15)
    #expect(strokes[0].path[1].timeOffset == 0.01)
    #expect(strokes[1].path.creationDate.timeIntervalSinceReferenceDate == 0.03)
    #expect(strokes[1].path[1].timeOffset == 0.04 - 0.03)
    // The second signature: <Stroke> elements, no force or angles (the importers' defaults).
    let second = records[1].drawing.strokes
    #expect(second.map(\.path.count) == [2, 1])
    #expect(records[1].label == nil && records[1].metadata.isEmpty)
    #expect(second[1].path.creationDate.timeIntervalSinceReferenceDate == 0.2)
    #expect(second[0].path[1].location == CGPoint(x: 3, y: 4))
    #expect(second[0].path[0].force == 1 && second[0].path[0].altitude == .pi / 2)
  }

  @Test func writtenSignaturesReadBackWithTheirChannelsKeysAndMetadata() throws {
    let signature = try SVC2004Reader.record(
      from: Data(
        """
        5
        3236 5028 17638839 0 1260 400 351
        3428 4998 17638849 1 1260 900 382
        3541 5056 17638859 1 1270 410 0
        3665 5135 17638979 0 1310 400 397
        3945 5229 17638989 1 1370 390 405

        """.utf8), name: "U7S3.TXT")
    var moved = signature.drawing
    moved.strokes[1].transform = CGAffineTransform(translationX: 5, y: -2)
    let records = [
      CorpusRecord(
        key: "alice/1", label: "alice", metadata: ["user": "alice", "note": "a \"b\" <c> & 'd'"],
        drawing: signature.drawing),
      CorpusRecord(key: "tab\tand\nline", drawing: moved),
      CorpusRecord(key: "empty", drawing: PKDrawing()),
    ]
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("out.xml")
    var writer = try SignatureXMLWriter(url: url, ownerOnly: true)
    for record in records { try writer.write(record) }
    try writer.finish()
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    #expect(try InkFileFormat.detect(url: url) == .signatureXML)
    var reader = try InkFileFormat.openCorpus(at: url)
    var read: [CorpusRecord] = []
    while let record = try reader.next() { read.append(record) }
    #expect(read.map(\.key) == records.map(\.key))
    #expect(read.map(\.label) == records.map(\.label))
    #expect(read.map(\.metadata) == records.map(\.metadata))
    for (original, copy) in zip(records, read) {
      #expect(copy.drawing.strokes.count == original.drawing.strokes.count)
      let start =
        original.drawing.strokes.map(\.path.creationDate.timeIntervalSinceReferenceDate).min()
        ?? 0
      for (a, b) in zip(original.drawing.strokes, copy.drawing.strokes) {
        #expect(b.transform == .identity)
        #expect(
          abs(
            b.path.creationDate.timeIntervalSinceReferenceDate
              - (a.path.creationDate.timeIntervalSinceReferenceDate - start)) < 1e-12)
        #expect(b.path.count == a.path.count)
        for (p, q) in zip(a.path, b.path) {
          #expect(q.location == p.location.applying(a.transform))
          #expect(abs(q.timeOffset - p.timeOffset) < 1e-12)
          #expect(q.force == p.force)
          #expect(abs(q.azimuth - p.azimuth) < 1e-15)
          #expect(abs(q.altitude - p.altitude) < 1e-15)
          #expect(q.altitude <= .pi / 2)
        }
      }
    }
    // An upright pen (900 tenths of a degree) stays exactly upright.
    #expect(read[0].drawing.strokes[0].path[1].altitude == .pi / 2)
  }

  @Test func textThatXMLCannotCarryIsRefusedNamingTheRecord() throws {
    let record = CorpusRecord(key: "k", metadata: ["user": "a\u{1}b"], drawing: PKDrawing())
    #expect {
      _ = try SignatureXMLWriter.element(for: record)
    } throws: { error in
      let error = error as? InkFormatError
      return error?.kind == .unsupported && error?.record == "k"
        && error?.message.contains("metadata entry user") == true
    }
  }

  @Test func aBadSignatureIsAnErrorForItselfAndTheNextIsRead() throws {
    let outcomes = try Self.outcomes(
      Self.document([
        "<SamplePoint x=\"1\" y=\"2\" t=\"0\"/>",
        "<SamplePoint x=\"1\" y=\"nan\" t=\"0\"/>\n<SamplePoint x=\"1\" y=\"2\" t=\"5\"/>",
        "<Stroke><Stroke><SamplePoint x=\"1\" y=\"2\" t=\"0\"/></Stroke></Stroke>",
        "<SamplePoint x=\"7\" y=\"8\" t=\"0\"/><Signature key=\"inner\"/>",
        "<SamplePoint x=\"1\" y=\"2\"/>",
        "<SamplePoint x=\"3\" y=\"4\" t=\"0\"/>",
      ]))
    let keys = outcomes.map { outcome in
      switch outcome {
      case .success(let record): record.key
      case .failure(let error): "error: \(error.record ?? "") \(error.message)"
      }
    }
    #expect(
      keys == [
        "k1",
        "error: line 7 signature \"k2\": the y of a <SamplePoint> is \"nan\", not a number",
        "error: line 11 signature \"k3\": a <Stroke> inside a <Stroke>",
        "error: line 14 signature \"k4\": a <Signature> inside a <Signature>",
        "error: line 17 signature \"k5\": a <SamplePoint> without the described channel t",
        "k6",
      ])
  }

  @Test func channelsAreCheckedByTheirDescriptions() throws {
    func message(_ body: String, channels: String) throws -> String? {
      guard
        case .failure(let error) = try Self.outcomes(Self.document([body], channels: channels))[0]
      else { return nil }
      return error.message
    }
    let point = "<SamplePoint x=\"1\" y=\"2\" t=\"0\" f=\"1\"/>"
    #expect(
      try message(point, channels: "x y") == "signature \"k1\": the channel descriptions have no "
        + "t channel (x, y and t are needed)")
    #expect(
      try message(point, channels: "x y t x")
        == "signature \"k1\": the channel x is described twice"
    )
    #expect(
      try message(point, channels: "x y t q")?.hasPrefix(
        "signature \"k1\": the channel \"q\" is none of ISO/IEC 19794-7's") == true)
    #expect(
      try message(point, channels: "x y t:0") == "signature \"k1\": the scaling of channel t is "
        + "\"0\", not a finite number above 0")
    #expect(try message(point, channels: "x y t f vx") == nil)
    #expect(
      try message("<SamplePoint x=\"1\" y=\"2\" t=\"0\" s=\"2\"/>", channels: "x y t s")
        == "signature \"k1\": the pen-tip switch s is \"2\", not 0 or 1")
    #expect(
      try message("<SamplePoint x=\"0x10\" y=\"2\" t=\"0\"/>", channels: "x y t")
        == "signature \"k1\": the x of a <SamplePoint> is \"0x10\", not a number")
  }

  @Test func limitsAreCheckedAsSamplesAreRead() throws {
    var limits = InkReadLimits.default
    limits.maximumStrokePoints = 2
    let three = (0..<3).map { "<SamplePoint x=\"\($0)\" y=\"0\" t=\"\($0)\"/>" }.joined()
    let outcomes = try Self.outcomes(
      Self.document([three, "<SamplePoint x=\"1\" y=\"2\" t=\"0\"/>"]), limits: limits)
    guard case .failure(let error) = outcomes[0] else {
      Issue.record("three points read under a limit of two")
      return
    }
    #expect(error.kind == .invalidValue)
    #expect(error.message.contains("stroke 0 has more than 2 points"))
    #expect(outcomes.count == 2)
    #expect((try? outcomes[1].get())?.key == "k2")
    // Properties count against the record bytes.
    limits = InkReadLimits(maximumRecordBytes: 30)
    let properties = (0..<4).map { "<Property name=\"p\($0)\" value=\"0123456789\"/>" }
    guard
      case .failure(let bytes) = try Self.outcomes(
        Self.document([properties.joined()]),
        limits: limits)[0]
    else {
      Issue.record("four properties of 12 bytes read under a limit of 30 bytes")
      return
    }
    #expect(bytes.message.contains("the record takes 38 bytes, more than 30"))
  }

  @Test func anotherRootOrVersionAndBrokenXMLEndTheDocument() throws {
    let inkML = "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 2</trace></ink>"
    let root = try Self.outcomes(inkML)
    #expect(root.count == 1)
    guard case .failure(let wrongRoot) = root[0] else { return }
    #expect(wrongRoot.kind == .unknownFormat && wrongRoot.file == "s.xml")
    let version = "<SignatureChannels xmlns=\"\(SignatureXMLWriter.namespace)\" version=\"2\"/>"
    guard case .failure(let newer) = try Self.outcomes(version).first else { return }
    #expect(newer.kind == .unsupportedVersion)
    let broken = Self.document(["<SamplePoint x=\"1\" y=\"2\" t=\"0\"/>", "<Sample"])
    // libxml2 parses ahead, so the damage may end the document before the signature ahead of
    // it is handed out; after the error, nothing more.
    let outcomes = try Self.outcomes(broken)
    #expect((1...2).contains(outcomes.count))
    guard case .failure(let xml) = outcomes.last else {
      Issue.record("the broken document was read: \(outcomes)")
      return
    }
    #expect(xml.message.hasPrefix("not well-formed XML"))
  }

  @Test func theRegistryTellsSignatureXMLFromTheOtherXMLFormats() throws {
    #expect(InkFileFormat(name: "signature-xml") == .signatureXML)
    #expect(InkFileFormat.signatureXML.holdsCorpus)
    let head = Array(FuzzSeeds.signatureXMLSample.utf8)
    #expect(InkFileFormat.detect(head: head, fileExtension: "xml") == .signatureXML)
    #expect(
      InkFileFormat.detect(head: Array("<ink xmlns=\"http://www.w3.org/2003/InkML\">".utf8))
        == .inkML)
  }

  @Test func realSignaturesSurviveTheRoundTrip() throws {
    guard SharedData.isAvailable else { return }
    let folder = SharedData.url("datasets/svc2004-task2-dev")
    let names = ["U1S1.TXT", "U5S21.TXT", "U20S40.TXT"]
    let records = try names.map { name in
      var record = try SVC2004Reader.record(
        from: Data(contentsOf: folder.appendingPathComponent(name)), name: name)
      record.key = name
      return record
    }
    let temporary = try TemporaryFolder()
    let url = temporary.url.appendingPathComponent("svc.xml")
    var writer = try InkFileFormat.signatureXML.makeCorpusWriter(to: url)
    for record in records { try writer.write(record) }
    try writer.finish()
    var reader = try InkFileFormat.openCorpus(at: url)
    for record in records {
      let copy = try #require(try reader.next())
      #expect(copy.key == record.key && copy.metadata == record.metadata)
      let original = record.drawing.strokes.flatMap { stroke in stroke.path.map { $0 } }
      let read = copy.drawing.strokes.flatMap { stroke in stroke.path.map { $0 } }
      #expect(read.count == original.count && read.count > 20)
      #expect(zip(original, read).allSatisfy { $0.location == $1.location && $0.force == $1.force })
    }
    #expect(try reader.next() == nil)
  }
}
