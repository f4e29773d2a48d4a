import DuctusTestSupport
import Foundation
import InkTracing
import OpenPencilKit
import Testing
import _DuctusSupport

@testable import DuctusCLI

/// `ductus trace session` stays up and in its lane: every line gets exactly one answer, in
/// order; requests are bounded in bytes, strokes, points and work; templates are library names;
/// pictures stay in the `--pictures` folder and never replace a file; answers name no path.
@Suite("ductus trace session") struct TraceSessionTests {
  // MARK: - Fixtures

  static let sampleJSON = try! compactJSON(
    Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json")))
  static let starJSON = try! compactJSON(
    Data(
      contentsOf: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/star.json")))
  static let samplePencilKit = try! Data(
    contentsOf: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.pkdrawing"))

  /// A drawing file as one line of JSON.
  static func compactJSON(_ data: Data) throws -> String {
    let object = try JSONSerialization.jsonObject(with: data)
    return String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
      as: UTF8.self)
  }

  /// A request line for the sample letter a.
  static func request(id: String = "1", extra: String = "") -> String {
    "{\"id\":\(id),\"template\":\"latin/a\",\"attempt\":\(sampleJSON)\(extra)}"
  }

  /// A request with the sample PencilKit bytes.
  static func pencilKitRequest(id: String, data: Data = samplePencilKit, extra: String = "")
    -> String
  {
    "{\"id\":\(id),\"template\":\"latin/a\",\"attemptPKDrawing\":\"\(data.base64EncodedString())\"\(extra)}"
  }

  /// An answer line as an object.
  static func object(_ line: some StringProtocol) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// A fresh folder.
  static func makeFolder(_ name: String = "session") throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.resolvingSymlinksInPath()
  }

  /// Runs a session on whole input lines.
  static func session(_ lines: [String], arguments: [String] = [], in folder: URL? = nil) throws
    -> SessionProcess.Outcome
  {
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    return try SessionProcess.run(
      arguments, in: folder ?? SharedData.repositoryRoot, expectedAnswers: lines.count
    ) { try $0.write(contentsOf: input) }
  }

  // MARK: - Reading lines

  /// The lines a reader gives for some input, read through a pipe in chunks of 7 bytes.
  func lines(of input: [UInt8], limit: Int) throws -> [SessionLineReader.Line] {
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data(input))
    try pipe.fileHandleForWriting.close()
    let reader = SessionLineReader(
      descriptor: pipe.fileHandleForReading.fileDescriptor, maximumLineLength: limit,
      chunkSize: 7)
    var lines: [SessionLineReader.Line] = []
    while let line = try reader.next() { lines.append(line) }
    return lines
  }

  @Test func linesEndAtNewlinesWithoutTheirByteOrderMarkOrCarriageReturn() throws {
    let input = [0xEF, 0xBB, 0xBF] + Array("one\r\n\ntwo\n  \nthree".utf8)
    #expect(
      try lines(of: input, limit: 100) == [
        .text(Array("one".utf8)), .text([]), .text(Array("two".utf8)), .text(Array("  ".utf8)),
        .text(Array("three".utf8)),
      ])
    #expect(try lines(of: Array("a\n".utf8), limit: 100) == [.text([0x61])])
    #expect(try lines(of: [], limit: 100) == [])
    // A byte order mark is dropped from the first line only.
    #expect(
      try lines(of: Array("a\n\u{FEFF}b".utf8), limit: 100) == [
        .text([0x61]), .text(Array("\u{FEFF}b".utf8)),
      ])
  }

  @Test func aLineOverTheLimitIsCountedNotKept() throws {
    let long = [UInt8](repeating: 0x78, count: 50)
    let input = Array("short\n".utf8) + long + [0x0A] + Array("1234567890\n12345678901".utf8)
    #expect(
      try lines(of: input, limit: 10) == [
        .text(Array("short".utf8)), .tooLong(byteCount: 50, head: long),
        .text(Array("1234567890".utf8)), .tooLong(byteCount: 11, head: Array("12345678901".utf8)),
      ])
  }

  // MARK: - Reading requests

  /// The error a request line gets, or `nil` when it reads.
  /// The first problem of a request line: in the line, or in its attempt once read.
  func problem(_ line: [UInt8], limits: SessionLimits = .standard) -> SessionRequestError? {
    let request: SessionRequest
    do throws(SessionRequestError) {
      request = try SessionRequest(line: line, limits: limits)
    } catch {
      return error
    }
    do throws(SessionRequestError) {
      _ = try TraceSession.drawing(of: request.attempt, limits: limits)
      return nil
    } catch {
      return SessionRequestError(error.message, id: request.id)
    }
  }

  func problem(_ text: String, limits: SessionLimits = .standard) -> SessionRequestError? {
    problem(Array(text.utf8), limits: limits)
  }

  @Test func aRequestReadsItsFields() throws {
    let line = Array(
      Self.request(
        id: "\"a\\u00e9\"",
        extra: ",\"level\":\"beginner\",\"method\":\"coverage\",\"placement\":\"box\","
          + "\"picture\":\"x.png\""
      ).utf8)
    let request = try SessionRequest(line: line, limits: .standard)
    #expect(request.id == "\"aé\"")
    #expect(request.template == "latin/a")
    #expect(request.level == "beginner" && request.method == "coverage")
    #expect(request.placement == "box" && request.picture == "x.png")
    guard case .json(let attempt, let offset) = request.attempt else {
      Issue.record("expected a JSON attempt")
      return
    }
    #expect(try Self.compactJSON(attempt) == Self.sampleJSON)
    #expect(Array(line[offset..<offset + attempt.count]) == Array(attempt))
    let numbered = try SessionRequest(
      line: Array(Self.request(id: "-1.5e3").utf8), limits: .standard)
    #expect(numbered.id == "-1.5e3")
    let pencilKit = try SessionRequest(
      line: Array(Self.pencilKitRequest(id: "null").utf8), limits: .standard)
    #expect(pencilKit.id == "null")
    #expect(pencilKit.attempt == .pencilKit(base64: Self.samplePencilKit.base64EncodedString()))
  }

  @Test(
    arguments: [
      ("[1,2]", "a request must be one JSON object ({…}), not an array", nil),
      ("\"x\"", "not a string", nil),
      ("42", "not a number", nil),
      ("not json", "not text that is not JSON", nil),
      ("{\"id\":7,\"template\":\"latin/a\"", "not valid JSON", "7"),
      ("{\"id\":7} x", "unexpected bytes after the request object", "7"),
      (
        "{\"id\":7,\"template\":\"latin/a\",\"attempt\":{},\"extra\":1}",
        "unknown key 'extra'; a request takes attempt, attemptPKDrawing, id, level, method, "
          + "picture, placement, template", "7"
      ),
      ("{\"extra\":1,\"id\":8}", "unknown key 'extra'", "8"),
      (
        "{\"id\":1,\"id\":2,\"template\":\"latin/a\",\"attempt\":{}}", "id: the key appears twice",
        nil
      ),
      (
        "{\"id\":1e999,\"template\":\"latin/a\",\"attempt\":{}}",
        "id: '1e999' is not a finite number", nil
      ),
      (
        "{\"id\":{\"a\":1},\"template\":\"latin/a\",\"attempt\":{}}",
        "id: must be a string, a number or null, not an object", nil
      ),
      (
        "{\"id\":3,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1,1e999],\"y\":[1,2]}}]}}",
        "attempt: at byte 69: field \"x\" of stroke 0 point 1: 1e999 is out of range", "3"
      ),
      (
        "{\"id\":3,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1,-1E+400],\"y\":[1,2]}}]}}",
        "field \"x\" of stroke 0 point 1: -1E+400 is out of range", "3"
      ),
      (
        "{\"id\":3,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1,2],\"y\":[\"NaN\",2]}}]}}",
        "field \"y\" of stroke 0 point 0: expected a number, not a string", "3"
      ),
      (
        "{\"id\":3,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"transform\":[1,0,0,1,0,\"-Infinity\"]}]}}",
        "field \"transform\" of stroke 0 number 5: expected a number, not a string", "3"
      ),
      (
        "{\"id\":3,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"creationDate\":\"Infinity\"}]}}",
        "field \"creationDate\" of stroke 0: expected a number, not a string", "3"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[01]}}]}}",
        "expected a comma (,) or ]", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"label\":\"\\ud800\"}}",
        "half a surrogate pair", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"label\":\"a\tb\"}}",
        "a control character in a string", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"label\":\"\\x\"}}", "an unknown escape",
        "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1],\"y\":[1],\"x\":[2]}}]}}",
        "attempt: at byte 82: the key \"x\" appears twice in one object", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[}}",
        "not valid JSON: expected a value or ] at byte 51 (in attempt)", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"x\":1]}",
        "not valid JSON: expected a key or } at byte 57 (in attempt)", "4"
      ),
      (
        "{\"id\":4,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[1,2",
        "not valid JSON: the attempt object does not end at byte 54 (in attempt)", "4"
      ),
      ("{\"id\":5,\"template\":7,\"attempt\":{}}", "template: must be a string, not a number", "5"),
      (
        "{\"id\":5,\"template\":\"latin/a\",\"attempt\":\"{}\"}",
        "attempt: must be a Ductus JSON drawing object, not a string", "5"
      ),
      (
        "{\"id\":5,\"template\":\"latin/a\",\"attempt\":{},\"placement\":[0,0,1,1]}",
        "placement: must be a string, not an array", "5"
      ),
      (
        "{\"id\":5,\"template\":\"latin/a\",\"attempt\":{},\"picture\":null}",
        "picture: must be a string, not null", "5"
      ),
      ("{\"id\":6,\"attempt\":{}}", "missing \"template\"", "6"),
      ("{\"id\":6,\"template\":\"latin/a\"}", "missing \"attempt\" or \"attemptPKDrawing\"", "6"),
      (
        "{\"id\":6,\"template\":\"latin/a\",\"attempt\":{},\"attemptPKDrawing\":\"\"}",
        "not both", "6"
      ),
    ] as [(String, String, String?)])
  func malformedRequestsAreRefusedWithTheirID(line: String, message: String, id: String?) {
    let error = problem(line)
    #expect(error?.message.contains(message) ?? false, "\(line): \(String(describing: error))")
    #expect(error?.id == id, "\(line)")
  }

  @Test func theIDOfALineOverTheLimitIsReadFromItsHead() {
    func id(_ head: String) -> String? {
      SessionRequest.id(inHead: Array(head.utf8), limits: .standard)
    }
    #expect(id("{\"id\":123,\"attempt\":{\"strokes\":[[[") == "123")
    #expect(id("{\"template\":\"latin/a\",\"id\":\"q\",\"attempt\":{\"str") == "\"q\"")
    // An id the head cuts may have lost part of itself.
    #expect(id("{\"id\":12") == nil)
    #expect(id("{\"id\":\"ab") == nil)
    #expect(id("{\"attempt\":{\"strokes\":[1,2,3") == nil)
  }

  @Test func freeTextMayHoldAnyString() {
    #expect(
      problem(
        "{\"id\":1,\"template\":\"latin/a\",\"attempt\":{\"label\":\"NaN\",\"metadata\":"
          + "{\"note\":\"Infinity\",\"deep\":{\"x\":\"-inf\"}}}}") == nil)
    #expect(problem("{\"id\":\"NaN\",\"template\":\"latin/a\",\"attempt\":{}}") == nil)
    // Brackets and escaped quotes inside the attempt's strings are text, not structure.
    #expect(
      problem(
        "{\"id\":1,\"template\":\"latin/a\",\"attempt\":{\"label\":\"}]\\\"{[yY_\",\"metadata\":"
          + "{\"[\":\"\\\\\"}},\"level\":\"beginner\"}") == nil)
  }

  @Test func invalidUTF8AndDeepNestingAreRefused() {
    let broken =
      Array("{\"id\":9,\"template\":\"latin/a\",\"attempt\":{\"label\":\"".utf8) + [0xC3, 0x28]
      + Array("\"}}".utf8)
    #expect(problem(broken)?.message.contains("a string is not UTF-8") ?? false)
    #expect(problem(broken)?.id == "9")
    let deep =
      "{\"id\":9,\"template\":\"latin/a\",\"attempt\":{\"x\":"
      + String(repeating: "[", count: 100_000)
      + String(repeating: "]", count: 100_000) + "}}"
    #expect(problem(deep)?.message.contains("nested more than 32 levels") ?? false)
    // The attempt is at level 2: arrays open to level 32 may hold nothing, as before the
    // scanner walked the attempt instead of reading it.
    func nested(_ levels: Int, _ inner: String) -> String {
      "{\"id\":9,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[],\"x\":"
        + String(repeating: "[", count: levels) + inner + String(repeating: "]", count: levels)
        + "}}"
    }
    #expect(problem(nested(30, "")) == nil)
    #expect(problem(nested(30, " ")) == nil)
    #expect(problem(nested(30, "1"))?.message.contains("nested more than 32 levels") ?? false)
    #expect(problem(nested(29, "1")) == nil)
    #expect(problem(nested(31, ""))?.message.contains("nested more than 32 levels") ?? false)
  }

  @Test func attemptsOverTheLimitsAreRefusedAsTheyAreCounted() {
    let limits = SessionLimits(maximumRequestBytes: 1 << 20, maximumPoints: 10, maximumStrokes: 3)
    func attempt(_ body: String) -> String {
      "{\"id\":1,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[\(body)]}}"
    }
    let five = "{\"points\":{\"x\":[0,1,2,3,4],\"y\":[0,1,2,3,4]}}"
    #expect(problem(attempt([five, five].joined(separator: ",")), limits: limits) == nil)
    #expect(
      problem(
        attempt([five, five, "{\"points\":{\"x\":[0],\"y\":[0]}}"].joined(separator: ",")),
        limits: limits)?.message
        == "attempt: at byte 141: the drawing has more than 10 points, the limit of points a "
        + "drawing")
    #expect(
      problem(attempt(["{}", "{}", "{}", "{}"].joined(separator: ",")), limits: limits)?.message
        == "attempt: at byte 60: the drawing has more than 3 strokes, the limit of strokes a "
        + "drawing")
    let eleven = "{\"points\":{\"x\":[\(Array(repeating: "0", count: 11).joined(separator: ","))]}}"
    #expect(
      problem(attempt(eleven), limits: limits)?.message.contains(
        "field \"x\" of stroke 0 point 10: more than 10 points") ?? false)
    // Mask vertices count as points: 22 numbers are 11 vertices, and 8 are 4 more beside
    // the five points.
    let mask = "{\"mask\":[[" + (0..<22).map(String.init).joined(separator: ",") + "]]}"
    #expect(
      problem(attempt(mask), limits: limits)?.message.contains(
        "number 20: more than 20 mask coordinates") ?? false)
    let masked =
      "{\"points\":{\"x\":[0,1,2,3,4],\"y\":[0,1,2,3,4]},\"mask\":[[0,0,1,0,1,1,0,1]]}"
    #expect(
      problem(attempt([five, masked].joined(separator: ",")), limits: limits)?.message.contains(
        "the drawing has more than 10 points") ?? false)
  }

  /// Numbers of every length up to 40 digits, ending in every way, at every offset from the
  /// end of the line, as the request's last member (the scanner reads digits eight bytes at a
  /// time where eight remain, and a run of digits must end where the grammar says, whether the
  /// word holds its end or not) and in the attempt (which the scanner passes over eight bytes
  /// at a time to the reader).
  @Test func numbersOfEveryLengthEndWhereTheGrammarSays() {
    let endings: [(text: String, isNumber: Bool)] = [
      ("", true), (".5", true), ("e3", true), ("E-12", true), (".25e+7", true),
      ("x", false), (".", false), ("e", false), ("/", false), (":", false), ("\u{80}", false),
      (".e5", false), ("0x1", false),
    ]
    for length in 1...40 {
      let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
      let integer = length > 1 ? "9" + digits.dropFirst() : digits
      for ending in endings {
        for padding in 0...9 {
          let trailing = String(repeating: " ", count: padding)
          let number = "\(integer)\(ending.text)\(trailing)"
          let lines = [
            "{\"template\":\"latin/a\",\"attempt\":{\"strokes\":[]},\"id\":\(number)}",
            "{\"id\":1,\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":"
              + "{\"y\":[0,0],\"x\":[0.5, \(number)]}}]}}",
          ]
          for line in lines {
            let error = problem(line)
            #expect(
              (error == nil) == ending.isNumber,
              "\(line): \(error?.message ?? "read")")
          }
        }
      }
    }
  }

  // MARK: - PencilKit census

  @Test func theCensusCountsWhatTheDecoderReads() throws {
    let drawing = try PKDrawing(data: Self.samplePencilKit)
    let census = try #require(PencilKitCensus(Self.samplePencilKit))
    #expect(census.strokes == drawing.strokes.count)
    #expect(census.points == drawing.strokes.reduce(0) { $0 + $1.path.count })
    #expect(PencilKitCensus(Data("not pencilkit".utf8)) == nil)
    #expect(PencilKitCensus(Self.samplePencilKit.prefix(40)) == nil)
    let claimed = Self.pencilKit(strokes: 1, pointsEach: 1_000_000_000)
    #expect(PencilKitCensus(claimed) == PencilKitCensus(strokes: 1, points: 1_000_000_000))
    #expect(PencilKitCensus(Self.pencilKit(strokes: 500, pointsEach: 1))?.strokes == 500)
  }

  /// PencilKit bytes whose strokes declare points they do not have.
  static func pencilKit(strokes: Int, pointsEach: UInt64) -> Data {
    func varint(_ value: UInt64) -> [UInt8] {
      var value = value
      var bytes: [UInt8] = []
      repeat {
        bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
        value >>= 7
      } while value > 0
      return bytes
    }
    func message(_ field: UInt64, _ body: [UInt8]) -> [UInt8] {
      varint(field << 3 | 2) + varint(UInt64(body.count)) + body
    }
    let path = varint(3 << 3) + varint(pointsEach)
    let stroke = message(5, message(5, path))
    return Data([0x77, 0x72, 0x64, 0xF0, 1, 0] + Array((0..<strokes).map { _ in stroke }.joined()))
  }

  // MARK: - Pictures and work

  @Test(arguments: ["a.png", "A.PNG", "feedback-2_3.svg", "x.y.pdf", "-.png"])
  func pictureNamesAreFileNames(name: String) throws {
    #expect(throws: Never.self) { try SessionPictures.format(of: name) }
  }

  @Test(arguments: [
    "", ".png", ".hidden.png", "../a.png", "a/b.png", "/tmp/a.png", "a.png/", "a b.png", "a.gif",
    "a", "a.png\u{0}", "é.png", "a\\b.png", String(repeating: "a", count: 129) + ".png",
  ])
  func picturePathsAreRefused(name: String) {
    #expect(throws: SessionRequestError.self) { try SessionPictures.format(of: name) }
  }

  @Test func theWorkEstimateFollowsThePlacement() throws {
    let template = try TemplateLibrary(
      folder: SharedData.repositoryRoot.appendingPathComponent("Sources/InkTracing/Templates")
    ).template(named: "latin/a")
    let drawing = try PKDrawing(data: Self.samplePencilKit)
    let fit = SessionWorkEstimate(of: drawing, template: template, placement: .fit)
    #expect(fit.inkLength > 0.5 && fit.inkLength < 10, "\(fit)")
    #expect(fit.coverageWork < SessionWorkEstimate.maximumCoverageWork)
    #expect(throws: Never.self) { try fit.check(method: .coverage, limits: .standard) }
    var far = drawing
    var points = Array(far.strokes[0].path)
    points[3].location.y = 5_000_000
    far.strokes[0].path = PKStrokePath(controlPoints: points, creationDate: Date())
    let box = SessionWorkEstimate(of: far, template: template, placement: .box)
    #expect(box.inkLength > 50_000)
    #expect(throws: SessionRequestError.self) { try box.check(method: .strokes, limits: .standard) }
    let farFit = SessionWorkEstimate(of: far, template: template, placement: .fit)
    #expect(farFit.inkLength < 10)
    #expect(throws: Never.self) { try farFit.check(method: .strokes, limits: .standard) }
    #expect(throws: SessionRequestError.self) {
      try farFit.check(method: .coverage, limits: .standard)
    }
  }
}
