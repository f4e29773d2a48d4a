import DuctusTestSupport
import Foundation
import InkTracing
import Testing
import _DuctusSupport

@testable import DuctusCLI

/// The real `ductus trace session` binary against hostile input: every line answered once, in
/// order, the session still up after each, memory bounded, nothing written outside the
/// pictures folder and no server path in any answer.
@Suite("ductus trace session, end to end") struct TraceSessionProcessTests {
  typealias Fixtures = TraceSessionTests

  /// The bundled library's folder, which no answer may name.
  static let libraryFolder = SharedData.repositoryRoot.appendingPathComponent(
    "Sources/InkTracing/Templates")

  // MARK: - One of each

  @Test func eachHostileLineGetsOneAnswerAndTheNextIsScored() throws {
    let cases: [(line: String, message: String, id: Any?)] = [
      ("", "an empty line is not a request", nil),
      ("  \t", "an empty line is not a request", nil),
      ("[1]", "a request must be one JSON object", nil),
      ("not json", "a request must be one JSON object", nil),
      ("{\"id\":\"t\",\"template\":", "not valid JSON", "t"),
      (
        "{\"id\":\"k\",\"template\":\"latin/a\",\"attempt\":{},\"picturePath\":\"/x\"}",
        "unknown key 'picturePath'; a request takes attempt, attemptPKDrawing, id", "k"
      ),
      (
        Fixtures.pencilKitRequest(id: "\"b\"").replacingOccurrences(
          of: "\"attemptPKDrawing\":\"", with: "\"attemptPKDrawing\":\"!"),
        "attemptPKDrawing: not base64 text", "b"
      ),
      (
        "{\"id\":\"m\",\"template\":\"latin/a\",\"attemptPKDrawing\":\"\(Data(Fixtures.samplePencilKit.prefix(300)).base64EncodedString())\"}",
        "attemptPKDrawing: ", "m"
      ),
      (
        "{\"id\":\"n\",\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[NaN],\"y\":[1]}}]}}",
        "attempt: at byte 69: field \"x\" of stroke 0 point 0: expected a number", "n"
      ),
      (
        "{\"id\":\"n\",\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[\"NaN\"],\"y\":[1]}}]}}",
        "field \"x\" of stroke 0 point 0: expected a number, not a string", "n"
      ),
      (
        "{\"id\":\"i\",\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[Infinity],\"y\":[1]}}]}}",
        "field \"x\" of stroke 0 point 0: expected a number", "i"
      ),
      (
        "{\"id\":\"e\",\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1e999],\"y\":[1]}}]}}",
        "field \"x\" of stroke 0 point 0: 1e999 is out of range", "e"
      ),
      (
        "{\"id\":1e999,\"template\":\"latin/a\",\"attempt\":{}}",
        "id: '1e999' is not a finite number", nil
      ),
      (
        "{\"id\":\"u\",\"template\":\"latin/zz\",\"attempt\":{}}",
        "template: no template 'latin/zz' in the library", "u"
      ),
      (
        "{\"id\":\"p\",\"template\":\"../../etc/passwd\",\"attempt\":{}}", "is not a template name",
        "p"
      ),
      ("{\"id\":\"p\",\"template\":\"/etc/passwd\",\"attempt\":{}}", "is not a template name", "p"),
      (
        "{\"id\":\"p\",\"template\":\"\(Self.libraryFolder.path)/latin/small/a.json\",\"attempt\":{}}",
        "is not a template name", "p"
      ),
      (
        "{\"id\":\"p\",\"template\":\"latin/a.json\",\"attempt\":{}}", "is not a template name", "p"
      ),
      ("{\"id\":\"p\",\"template\":\"latin\\\\a\",\"attempt\":{}}", "is not a template name", "p"),
      (
        "{\"id\":\"p\",\"template\":\"latin/\\u0000a\",\"attempt\":{}}", "is not a template name",
        "p"
      ),
      (
        Fixtures.request(id: "\"l\"", extra: ",\"level\":\"expert\""),
        "level: unknown level 'expert'; one of beginner, standard, strict", "l"
      ),
      (
        Fixtures.request(id: "\"o\"", extra: ",\"method\":\"dtw\""),
        "method: unknown method 'dtw'; one of strokes, coverage", "o"
      ),
      (
        Fixtures.request(id: "\"c\"", extra: ",\"placement\":\"0,0,0,100\""),
        "placement: '0,0,0,100' is not fit, box or X,Y,W,H", "c"
      ),
      (
        Fixtures.request(id: "\"c\"", extra: ",\"placement\":\"0,0,1e999,100\""),
        "placement: '0,0,1e999,100'", "c"
      ),
      (
        Fixtures.request(id: "\"c\"", extra: ",\"placement\":\"nan,0,1,1\""),
        "placement: 'nan,0,1,1'", "c"
      ),
      (
        Fixtures.request(id: "\"q\"", extra: ",\"picture\":\"a.png\""),
        "picture: this session writes no pictures", "q"
      ),
      (
        "{\"id\":\"s\",\"template\":\"latin/a\",\"attemptPKDrawing\":\"\(TraceSessionTests.pencilKit(strokes: 1, pointsEach: 1_000_000_000).base64EncodedString())\"}",
        "attemptPKDrawing: 1000000000 points, over the session's limit of 100000 (--max-points)",
        "s"
      ),
      (
        "{\"id\":\"s\",\"template\":\"latin/a\",\"attemptPKDrawing\":\"\(TraceSessionTests.pencilKit(strokes: 201, pointsEach: 1).base64EncodedString())\"}",
        "attemptPKDrawing: 201 strokes, over the session's limit of 200 (--max-strokes)", "s"
      ),
      (
        "{\"id\":\"f\",\"template\":\"latin/a\",\"placement\":\"box\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[0,5000000],\"y\":[0,0]}}]}}",
        "attempt: its ink is 50000 box heights long once placed", "f"
      ),
      (
        "{\"id\":\"g\",\"template\":\"latin/a\",\"method\":\"coverage\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[40,50,1e30],\"y\":[40,50,60]}}]}}",
        "attempt: the coverage method would compare", "g"
      ),
    ]
    var lines: [String] = []
    for (index, item) in cases.enumerated() {
      lines.append(item.line)
      lines.append(Fixtures.request(id: "\(index)"))
    }
    let run = try Fixtures.session(lines)
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(run.answers.count == lines.count)
    for (index, item) in cases.enumerated() where 2 * index + 1 < run.answers.count {
      let answer = try Fixtures.object(run.answers[2 * index])
      let message = answer["error"] as? String ?? ""
      #expect(message.contains(item.message), "\(item.line.prefix(120)): \(message)")
      #expect(answer["report"] == nil)
      if let id = item.id as? String {
        #expect(answer["id"] as? String == id, "\(item.line.prefix(120))")
      } else {
        #expect(answer["id"] is NSNull, "\(item.line.prefix(120))")
      }
      for secret in [Self.libraryFolder.path, SharedData.repositoryRoot.path] {
        #expect(!message.contains(secret) || item.line.contains(secret), "\(message)")
      }
      let next = try Fixtures.object(run.answers[2 * index + 1])
      #expect(next["id"] as? Int == index && next["report"] != nil, "after \(item.line.prefix(80))")
    }
  }

  @Test func answersAreSortedCompactJSONLines() throws {
    let run = try Fixtures.session([
      Fixtures.request(id: "\"z\""),
      "{\"template\":\"latin/a\",\"attempt\":{},\"id\":1,\"level\":\"x\"}",
    ])
    #expect(run.answers.count == 2)
    #expect(run.answers[0].hasPrefix("{\"id\":\"z\",\"report\":{\"codes\":"))
    #expect(
      run.answers[1]
        == "{\"error\":\"level: unknown level 'x'; one of beginner, standard, strict\",\"id\":1}")
  }

  // MARK: - Pictures

  @Test func picturesStayInTheirFolderAndReplaceNothing() throws {
    let root = try Fixtures.makeFolder("pictures")
    defer { try? FileManager.default.removeItem(at: root) }
    let pictures = root.appendingPathComponent("pictures")
    let outside = root.appendingPathComponent("outside")
    for folder in [pictures, outside] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let taken = pictures.appendingPathComponent("taken.png")
    try Data("keep me".utf8).write(to: taken)
    // A link in the pictures folder to a file outside it: the file must stay as it is.
    let target = outside.appendingPathComponent("target.png")
    try Data("outside".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(
      at: pictures.appendingPathComponent("link.png"), withDestinationURL: target)
    try FileManager.default.createSymbolicLink(
      at: pictures.appendingPathComponent("dangling.svg"),
      withDestinationURL: outside.appendingPathComponent("created.svg"))
    let lines = [
      Fixtures.request(id: "1", extra: ",\"picture\":\"first.png\""),
      Fixtures.request(id: "2", extra: ",\"picture\":\"first.png\""),
      Fixtures.request(id: "3", extra: ",\"picture\":\"taken.png\""),
      Fixtures.request(id: "4", extra: ",\"picture\":\"link.png\""),
      Fixtures.request(id: "5", extra: ",\"picture\":\"dangling.svg\""),
      Fixtures.request(id: "6", extra: ",\"picture\":\"../outside/escape.png\""),
      Fixtures.request(id: "7", extra: ",\"picture\":\"\(outside.path)/abs.png\""),
      Fixtures.request(id: "8", extra: ",\"picture\":\".hidden.png\""),
      Fixtures.request(id: "9", extra: ",\"picture\":\"second.svg\",\"method\":\"coverage\""),
      Fixtures.pencilKitRequest(id: "10", extra: ",\"picture\":\"third.pdf\""),
      "{\"id\":11,\"template\":\"latin/a\",\"placement\":\"box\",\"picture\":\"far.png\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[0,9000],\"y\":[0,0]}}]}}",
    ]
    let run = try Fixtures.session(lines, arguments: ["--pictures", pictures.path])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let answers = try run.answers.map(Fixtures.object)
    #expect(answers.count == lines.count)
    guard answers.count == lines.count else { return }
    #expect(answers[0]["picture"] as? String == "first.png" && answers[0]["report"] != nil)
    for index in [1, 2, 3, 4] {
      #expect(answers[index]["report"] != nil, "\(index)")
      #expect(
        (answers[index]["pictureError"] as? String)?.contains(
          "already exists; the session never "
            + "replaces a file") ?? false, "\(answers[index])")
    }
    for index in [5, 6, 7] {
      #expect((answers[index]["error"] as? String)?.contains("is not a picture name") ?? false)
    }
    #expect(answers[8]["picture"] as? String == "second.svg")
    #expect(answers[9]["picture"] as? String == "third.pdf")
    // Ink 90 box heights away: the picture keeps the exercise's size and leaves it out.
    #expect(answers[10]["picture"] as? String == "far.png" && answers[10]["report"] != nil)
    #expect(try Data(contentsOf: taken) == Data("keep me".utf8))
    #expect(try Data(contentsOf: target) == Data("outside".utf8))
    #expect(
      !FileManager.default.fileExists(atPath: outside.appendingPathComponent("created.svg").path))
    #expect(
      !FileManager.default.fileExists(atPath: outside.appendingPathComponent("escape.png").path))
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: outside.path)) == ["target.png"])
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: pictures.path)) == [
        "taken.png", "link.png", "dangling.svg", "first.png", "second.svg", "third.pdf", "far.png",
      ])
    let png = try Data(contentsOf: pictures.appendingPathComponent("first.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let pdf = try Data(contentsOf: pictures.appendingPathComponent("third.pdf"))
    #expect(pdf.starts(with: Array("%PDF".utf8)))
    for line in run.answers { #expect(!line.contains(pictures.path), "\(line.prefix(200))") }
  }

  // MARK: - Templates

  @Test func templatesComeFromTheOperatorsFolderOnlyWhenOneIsNamed() throws {
    let root = try Fixtures.makeFolder("templates")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("templates")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("mine"), withIntermediateDirectories: true)
    let a = try TemplateLibrary(folder: Self.libraryFolder).template(named: "latin/a")
    try TemplateLibrary.encoded(a).write(to: folder.appendingPathComponent("mine/letter.json"))
    try Fixtures.samplePencilKit.write(to: folder.appendingPathComponent("mine/drawn.pkdrawing"))
    try Data("{}".utf8).write(to: folder.appendingPathComponent("mine/broken.json"))
    let secret = root.appendingPathComponent("secret.json")
    try TemplateLibrary.encoded(a).write(to: secret)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("mine/escape.json"), withDestinationURL: secret)
    func line(_ id: Int, _ template: String) -> String {
      "{\"id\":\(id),\"template\":\(JSONTextWriter.string(template)),\"attempt\":\(Fixtures.sampleJSON)}"
    }
    let lines = [
      line(1, "mine/letter"), line(2, "mine/drawn"), line(3, "latin/a"), line(4, "mine/broken"),
      line(5, "mine/escape"), line(6, secret.path), line(7, "../secret"),
      line(8, "mine/letter.json"), line(9, "mine/letter"),
    ]
    let run = try Fixtures.session(lines, arguments: ["--template-folder", folder.path], in: root)
    #expect(run.exitCode == 0, "\(run.standardError)")
    let answers = try run.answers.map(Fixtures.object)
    #expect(answers.count == lines.count)
    guard answers.count == lines.count else { return }
    #expect((answers[0]["report"] as? [String: Any])?["template"] as? String == "latin/a")
    #expect(answers[1]["report"] != nil)
    let missing = "no template 'latin/a' in the template folder"
    #expect((answers[2]["error"] as? String)?.contains(missing) ?? false, "\(answers[2])")
    #expect((answers[3]["error"] as? String)?.hasPrefix("template: mine/broken: ") ?? false)
    #expect((answers[4]["error"] as? String)?.contains("no template 'mine/escape'") ?? false)
    for index in [5, 6, 7] {
      #expect((answers[index]["error"] as? String)?.contains("is not a template name") ?? false)
    }
    #expect(answers[8]["report"] != nil)
    for (index, answer) in run.answers.enumerated() {
      #expect(!answer.contains(folder.path), "\(answer.prefix(200))")
      #expect(!answer.contains(root.path) || lines[index].contains(root.path))
    }
    let both = try DuctusProcess.run(
      ["trace", "session", "--template-folder", folder.path, "--templates", folder.path])
    #expect(both.exitCode == 2)
    #expect(both.standardError.contains("cannot be used together"))
    let none = try DuctusProcess.run(["trace", "session", "--template-folder", "/nonexistent"])
    #expect(none.exitCode == 66)
  }

  @Test func operatorMistakesAreUsageErrors() throws {
    for option in ["--max-points", "--max-strokes", "--max-request-bytes"] {
      let zero = try DuctusProcess.run(["trace", "session", option, "0"])
      #expect(zero.exitCode == 2, "\(option)")
      #expect(zero.standardError.contains("expected an integer from 1 to"), "\(zero.standardError)")
    }
    let length = try DuctusProcess.run(["trace", "session", "--max-ink-length", "-1"])
    #expect(length.exitCode == 2)
    let pictures = try DuctusProcess.run(["trace", "session", "--pictures", "/nonexistent"])
    #expect(pictures.exitCode == 74)
    let help = try DuctusProcess.run(["trace", "session", "--help"])
    for label in [
      "--max-request-bytes <n>", "--max-points <n>", "--max-strokes <n>",
      "--max-ink-length <box-heights>", "--pictures <folder>", "--template-folder <folder>",
    ] {
      #expect(help.standardOutput.contains(label), "\(label)")
    }
  }

  // MARK: - Limits

  @Test func hugeRequestsAreAnsweredWithAnErrorInBoundedMemory() throws {
    let normal = Data((Fixtures.request(id: "\"next\"") + "\n").utf8)
    let run = try SessionProcess.run([], expectedAnswers: 8) { handle in
      // Ten million points, 100 MB of line: over --max-request-bytes.
      try handle.write(contentsOf: Data("{\"id\":\"ten-million\",\"template\":\"latin/a\",".utf8))
      try handle.write(contentsOf: Data("\"attempt\":{\"strokes\":[{\"points\":{\"x\":[".utf8))
      try Self.repeated("1.25,", count: 10_000_000 - 1, to: handle)
      try handle.write(contentsOf: Data("1],\"y\":[".utf8))
      try Self.repeated("2.5,", count: 10_000_000 - 1, to: handle)
      try handle.write(contentsOf: Data("2]}}]}}\n".utf8))
      try handle.write(contentsOf: normal)
      // A line of 100 MB that is one long string.
      try handle.write(contentsOf: Data("{\"id\":\"long\",\"template\":\"".utf8))
      try Self.repeated("a", count: 100_000_000, to: handle)
      try handle.write(contentsOf: Data("\"}\n".utf8))
      try handle.write(contentsOf: normal)
      // 1.2 million points inside the line limit: refused by the count, before being read.
      try handle.write(contentsOf: Data("{\"id\":\"many\",\"template\":\"latin/a\",".utf8))
      try handle.write(contentsOf: Data("\"attempt\":{\"strokes\":[{\"points\":{\"x\":[".utf8))
      try Self.repeated("0,", count: 1_199_999, to: handle)
      try handle.write(contentsOf: Data("0],\"y\":[".utf8))
      try Self.repeated("0,", count: 1_199_999, to: handle)
      try handle.write(contentsOf: Data("0]}}]}}\n".utf8))
      try handle.write(contentsOf: normal)
      // The same many points as PencilKit bytes that declare them.
      let claimed = TraceSessionTests.pencilKit(strokes: 1, pointsEach: 10_000_000)
      try handle.write(
        contentsOf: Data(Fixtures.pencilKitRequest(id: "\"claimed\"", data: claimed).utf8 + [0x0A]))
      try handle.write(contentsOf: normal)
    }
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(run.answers.count == 8)
    guard run.answers.count == 8 else { return }
    let answers = try run.answers.map(Fixtures.object)
    let expected: [(Any?, String)] = [
      (
        "ten-million",
        "the request has 90000085 bytes, over the session's limit of 16777216 "
          + "(--max-request-bytes); it was skipped"
      ),
      ("long", "the request has 100000027 bytes, over the session's limit of 16777216"),
      ("many", "more than 100000 points, the limit of points a stroke"),
      ("claimed", "attemptPKDrawing: 10000000 points, over the session's limit of 100000"),
    ]
    for (index, (id, message)) in expected.enumerated() {
      let answer = answers[2 * index]
      #expect((answer["error"] as? String)?.contains(message) ?? false, "\(answer)")
      if let id = id as? String {
        #expect(answer["id"] as? String == id)
      } else {
        #expect(answer["id"] is NSNull)
      }
      #expect(answers[2 * index + 1]["id"] as? String == "next")
      #expect(answers[2 * index + 1]["report"] != nil)
    }
    if let peak = run.peakMemory {
      print("trace session, huge requests: peak memory \(peak >> 20) MiB in \(run.seconds) s")
      #expect(peak < 256 << 20, "peak memory \(peak >> 20) MiB")
    }
  }

  /// Writes `piece` `count` times, a mebibyte at a time.
  static func repeated(_ piece: String, count: Int, to handle: FileHandle) throws {
    let perChunk = max(1, (1 << 20) / piece.utf8.count)
    let chunk = Data(String(repeating: piece, count: perChunk).utf8)
    var left = count
    while left >= perChunk {
      try handle.write(contentsOf: chunk)
      left -= perChunk
    }
    if left > 0 { try handle.write(contentsOf: Data(String(repeating: piece, count: left).utf8)) }
  }

  // MARK: - Thousands of seeded requests

  @Test func thousandsOfSeededRequestsAreAnsweredOnceInOrder() throws {
    let root = try Fixtures.makeFolder("seeded")
    defer { try? FileManager.default.removeItem(at: root) }
    let pictures = root.appendingPathComponent("pictures")
    let work = root.appendingPathComponent("work")
    let other = root.appendingPathComponent("other")
    for folder in [pictures, work, other] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data("taken".utf8).write(to: pictures.appendingPathComponent("taken.png"))
    let a = try TemplateLibrary(folder: Self.libraryFolder).template(named: "latin/a")
    try TemplateLibrary.encoded(a).write(to: other.appendingPathComponent("secret.json"))
    try Data("notes".utf8).write(to: other.appendingPathComponent("notes.txt"))
    let before = try FolderSnapshot(of: root)

    var corpus = HostileSessionCorpus(seed: 20_261_201, root: root, limits: Self.seededLimits)
    let requests = (0..<3000).map { corpus.request(at: $0) }
    let input = requests.reduce(into: Data()) { $0.append(contentsOf: $1.line + [0x0A]) }
    let run = try SessionProcess.run(
      [
        "--pictures", pictures.path, "--max-request-bytes",
        "\(Self.seededLimits.maximumRequestBytes)",
        "--max-points", "\(Self.seededLimits.maximumPoints)",
      ], in: work, expectedAnswers: requests.count
    ) { try $0.write(contentsOf: input) }

    #expect(run.exitCode == 0, "\(run.standardError.suffix(2000))")
    #expect(run.answers.count == requests.count)
    let hostile = requests.filter(\.isHostile).count
    #expect(hostile >= 900 && hostile <= 1100, "\(hostile) hostile requests")
    var written: Set<String> = ["taken.png"]
    var tally: [String: Int] = [:]
    let secrets = [root.path, SharedData.repositoryRoot.path, Self.libraryFolder.path]
    for (request, line) in zip(requests, run.answers) {
      let answer = try Fixtures.object(line)
      tally[request.kind, default: 0] += 1
      // The id: the request's own, or null when it could not be read.
      if let id = request.id as? Int {
        #expect(answer["id"] as? Int == id, "\(request.kind): \(line.prefix(200))")
      } else if let id = request.id as? String {
        #expect(answer["id"] as? String == id, "\(request.kind): \(line.prefix(200))")
      } else {
        #expect(answer["id"] is NSNull, "\(request.kind): \(line.prefix(200))")
      }
      switch request.expectation {
      case .report:
        #expect(
          answer["report"] != nil && answer["error"] == nil, "\(request.kind): \(line.prefix(300))")
      case .picture(let name):
        #expect(answer["picture"] as? String == name, "\(request.kind): \(line.prefix(300))")
        written.insert(name)
      case .pictureError(let text):
        #expect(answer["report"] != nil)
        #expect((answer["pictureError"] as? String)?.contains(text) ?? false, "\(line.prefix(300))")
      case .error(let text):
        #expect(answer["report"] == nil)
        #expect(
          (answer["error"] as? String)?.contains(text) ?? false,
          "\(request.kind): \(line.prefix(300))")
      case .reportOrError:
        #expect((answer["report"] == nil) != (answer["error"] == nil), "\(line.prefix(300))")
      }
      let requestText = String(decoding: request.line, as: UTF8.self)
      for secret in secrets where line.contains(secret) {
        #expect(
          requestText.contains(secret), "\(request.kind) reveals \(secret): \(line.prefix(300))")
      }
    }
    // Nothing written but the pictures asked for, in the pictures folder; no temporary file.
    let after = try FolderSnapshot(of: root)
    let added = after.entries.keys.filter { before.entries[$0] == nil }
    #expect(Set(added) == Set(written.subtracting(["taken.png"]).map { "pictures/\($0)" }))
    for (path, entry) in before.entries { #expect(after.entries[path] == entry, "\(path) changed") }
    print(
      "trace session, \(requests.count) seeded requests (\(hostile) hostile): "
        + "\(run.answers.count) answers in \(String(format: "%.1f", run.seconds)) s, peak memory "
        + "\(run.peakMemory.map { "\($0 >> 20) MiB" } ?? "unknown"), "
        + tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    if let peak = run.peakMemory { #expect(peak < 256 << 20, "peak memory \(peak >> 20) MiB") }
  }

  /// The limits of the seeded session: small, so that requests over them stay small.
  static let seededLimits = SessionLimits(
    maximumRequestBytes: 1 << 20, maximumPoints: 20_000, maximumStrokes: 200)
}

/// The files below a folder: each one's kind, and its bytes (a link's target).
struct FolderSnapshot {
  /// One file, folder or link.
  enum Entry: Equatable {
    case file(Data)
    case folder
    case link(String)
  }

  /// Each path relative to the folder.
  var entries: [String: Entry] = [:]

  /// Lists a folder without following links.
  init(of root: URL) throws {
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: root.path) else { return }
    for case let path as String in walker {
      let url = root.appendingPathComponent(path)
      let attributes = try manager.attributesOfItem(atPath: url.path)
      switch attributes[.type] as? FileAttributeType {
      case .typeDirectory?: entries[path] = .folder
      case .typeSymbolicLink?:
        entries[path] = .link(try manager.destinationOfSymbolicLink(atPath: url.path))
      default: entries[path] = .file(try Data(contentsOf: url))
      }
    }
  }
}

/// A seeded stream of session requests, a third of them hostile, each with what its answer must
/// be.
struct HostileSessionCorpus {
  /// What an answer must hold.
  enum Expectation {
    /// A report.
    case report
    /// A report, and the picture written under this name.
    case picture(String)
    /// A report, and a `pictureError` containing this.
    case pictureError(String)
    /// An error containing this.
    case error(String)
    /// A report or an error (mutated PencilKit bytes).
    case reportOrError
  }

  /// One request line.
  struct Request {
    /// The line, without its newline.
    var line: [UInt8]
    /// The id the answer must carry: an `Int`, a `String`, or `nil` for `null`.
    var id: Any?
    /// What the answer must hold.
    var expectation: Expectation
    /// What kind of request it is, for the tally.
    var kind: String
    /// Whether it is one of the hostile kinds.
    var isHostile: Bool
  }

  private var random: SplitMix64
  private let root: URL
  private let limits: SessionLimits
  private let pencilKit = TraceSessionTests.samplePencilKit

  /// A corpus from a seed; `root` is the scratch folder whose paths hostile requests try.
  init(seed: UInt64, root: URL, limits: SessionLimits) {
    random = SplitMix64(seed: seed)
    self.root = root
    self.limits = limits
  }

  private mutating func pick<T>(_ items: [T]) -> T {
    items[Int(random.next() % UInt64(items.count))]
  }
  private mutating func chance(_ p: Double) -> Bool { Double(random.next() >> 11) / 0x1p53 < p }

  private func text(_ line: String) -> [UInt8] { Array(line.utf8) }

  /// The request at an index: two valid ones, then one hostile, on average.
  mutating func request(at index: Int) -> Request {
    chance(1.0 / 3.0) ? hostile(index) : valid(index)
  }

  private mutating func options() -> String {
    var extra = ""
    if chance(0.3) { extra += ",\"level\":\"\(pick(["beginner", "standard", "strict"]))\"" }
    if chance(0.3) { extra += ",\"method\":\"\(pick(["strokes", "coverage"]))\"" }
    if chance(0.3) {
      extra += ",\"placement\":\"\(pick(["fit", "box", "0,0,200,200", "10,20,150,150"]))\""
    }
    return extra
  }

  private mutating func valid(_ index: Int) -> Request {
    let extra = options()
    switch random.next() % 10 {
    case 0...3:
      return Request(
        line: text(TraceSessionTests.request(id: "\(index)", extra: extra)), id: index,
        expectation: .report, kind: "valid JSON", isHostile: false)
    case 4...6:
      return Request(
        line: text(TraceSessionTests.pencilKitRequest(id: "\(index)", extra: extra)), id: index,
        expectation: .report, kind: "valid PencilKit", isHostile: false)
    case 7, 8:
      let line =
        "{\"attempt\":\(TraceSessionTests.starJSON),\"id\":\(index),\"template\":\"shapes/star\"\(extra)}"
      return Request(
        line: text(line), id: index, expectation: .report, kind: "valid star", isHostile: false)
    default:
      let name = "p\(index).\(pick(["png", "svg"]))"
      return Request(
        line: text(
          TraceSessionTests.request(id: "\(index)", extra: extra + ",\"picture\":\"\(name)\"")),
        id: index, expectation: .picture(name), kind: "valid picture", isHostile: false)
    }
  }

  /// PencilKit bytes mutated as a damaged upload or an attacker would.
  private mutating func mutated() -> Data {
    var bytes = [UInt8](pencilKit)
    switch random.next() % 6 {
    case 0:
      for _ in 0..<(1 + random.next() % 8) {
        bytes[Int(random.next() % UInt64(bytes.count))] ^= 1 << UInt8(random.next() % 8)
      }
    case 1:
      bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
    case 2:
      let at = Int(random.next() % UInt64(bytes.count))
      bytes.insert(
        contentsOf: (0..<(1 + random.next() % 16)).map { _ in UInt8(random.next() & 0xFF) }, at: at)
    case 3:
      bytes[Int(random.next() % UInt64(bytes.count))] = pick([0xFF, 0x00, 0x7F, 0x80])
    case 4:
      // A float of the point records made NaN, infinite or huge.
      let at = 6 + Int(random.next() % UInt64(bytes.count - 10))
      bytes.replaceSubrange(
        at..<at + 4,
        with: pick([[0, 0, 0xC0, 0x7F], [0, 0, 0x80, 0x7F], [0xFF, 0xFF, 0x7F, 0x7F]]))
    default:
      let at = Int(random.next() % UInt64(bytes.count))
      bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 50)))
    }
    return Data(bytes)
  }

  private mutating func hostile(_ index: Int) -> Request {
    let id = "h\(index)"
    let quoted = "\"\(id)\""
    func refused(_ line: String, _ message: String, kind: String, id: Any? = id) -> Request {
      Request(
        line: Array(line.utf8), id: id, expectation: .error(message), kind: kind, isHostile: true)
    }
    let attempt = TraceSessionTests.sampleJSON
    switch random.next() % 20 {
    case 0:
      return refused(
        pick(["", "   ", "\t"]), "an empty line is not a request", kind: "blank", id: nil)
    case 1:
      return refused(
        pick(["[1,2]", "\"latin/a\"", "42", "null", "true", "not json", "<xml/>"]),
        "a request must be one JSON object", kind: "not an object", id: nil)
    case 2:
      let line = TraceSessionTests.request(id: quoted)
      let cut = pick([line.count / 2, line.count - 1, 20])
      return refused(String(line.prefix(cut)), "not valid JSON", kind: "bad JSON")
    case 3:
      let data = pencilKit.base64EncodedString()
      let broken = pick(["!" + data, String(data.dropLast(3)), data + "*", "====", "\\u0000"])
      return refused(
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attemptPKDrawing\":\"\(broken)\"}",
        "attemptPKDrawing:", kind: "bad base64")
    case 4, 5:
      return Request(
        line: Array(
          TraceSessionTests.pencilKitRequest(id: quoted, data: mutated(), extra: options()).utf8),
        id: id, expectation: .reportOrError, kind: "mutated PencilKit", isHostile: true)
    case 6:
      let number = pick(["1e999", "-1e999", "1E400", "\"NaN\"", "\"Infinity\"", "\"-Infinity\""])
      let line = pick([
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[1,\(number)],\"y\":[1,2]}}]}}",
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"transform\":[1,0,0,1,0,\(number)],\"points\":{\"x\":[1],\"y\":[1]}}]}}",
      ])
      return refused(
        line, number.hasPrefix("\"") ? "expected a number, not a string" : "is out of range",
        kind: "non-finite number")
    case 7:
      return refused(
        "{\"id\":\(pick(["1e999", "-1e400"])),\"template\":\"latin/a\",\"attempt\":\(attempt)}",
        "id: ", kind: "non-finite id", id: nil)
    case 8:
      let name = pick([
        "../other/secret", "/etc/passwd", root.appendingPathComponent("other/secret.json").path,
        "latin/a.json", "latin\\\\a", "latin/\\u0000a", "latin/../latin/a", ".", "latin//a",
        "other/secret.pkdrawing",
      ])
      return refused(
        "{\"id\":\(quoted),\"template\":\"\(name)\",\"attempt\":\(attempt)}",
        "is not a template name",
        kind: "template path")
    case 9:
      return refused(
        "{\"id\":\(quoted),\"template\":\"\(pick(["latin/zz", "digits/77", "nothing", "shapes/stars"]))\",\"attempt\":\(attempt)}",
        "no template", kind: "unknown template")
    case 10:
      let (key, value, message) = pick([
        ("level", "expert", "unknown level"), ("method", "dtw", "unknown method"),
        ("placement", "0,0,0,0", "is not fit, box or X,Y,W,H"),
        ("placement", "1,2,3", "is not fit, box or X,Y,W,H"),
        ("placement", "inf,0,1,1", "is not fit, box or X,Y,W,H"),
      ])
      return refused(
        TraceSessionTests.request(id: quoted, extra: ",\"\(key)\":\"\(value)\""), message,
        kind: "bad setting")
    case 11:
      let name = pick([
        "../escape.png", "../../work/x.png", "/tmp/x.png", ".hidden.png", "x.exe", "a/b.png",
        root.appendingPathComponent("other/x.png").path,
      ])
      return refused(
        TraceSessionTests.request(id: quoted, extra: ",\"picture\":\"\(name)\""),
        "is not a picture name", kind: "picture path")
    case 12:
      return Request(
        line: Array(
          TraceSessionTests.request(id: quoted, extra: ",\"picture\":\"taken.png\"").utf8),
        id: id, expectation: .pictureError("already exists"), kind: "picture exists",
        isHostile: true)
    case 13:
      let key = pick(["path", "pictures", "templateFile", "Template", "ID"])
      return refused(
        TraceSessionTests.request(id: quoted, extra: ",\"\(key)\":1"), "unknown key '\(key)'",
        kind: "unknown key")
    case 14:
      return refused(
        "{\"id\":\(quoted),\"id\":2,\"template\":\"latin/a\",\"attempt\":\(attempt)}",
        "id: the key appears twice", kind: "duplicate key", id: nil)
    case 15:
      let count = limits.maximumPoints + 1
      let zeros = Array(repeating: "0", count: count).joined(separator: ",")
      return refused(
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[\(zeros)],\"y\":[\(zeros)]}}]}}",
        "more than \(limits.maximumPoints) points", kind: "too many points")
    case 16:
      let strokes = Array(repeating: "{\"points\":{\"x\":[1],\"y\":[1]}}", count: 201).joined(
        separator: ",")
      return refused(
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"strokes\":[\(strokes)]}}",
        "more than 200 strokes", kind: "too many strokes")
    case 17:
      if chance(0.2) {
        let padding = String(repeating: "x", count: limits.maximumRequestBytes)
        return refused(
          "{\"id\":\(quoted),\"template\":\"latin/a\",\"padding\":\"\(padding)\"}",
          "(--max-request-bytes)", kind: "too long")
      }
      let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
      return refused(
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"strokes\":\(deep)}}",
        "nested more than 32 levels", kind: "deep nesting")
    case 18:
      var line = Array("{\"id\":\(quoted),\"template\":\"latin/a\",\"attempt\":{\"label\":\"".utf8)
      line += pick([[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]])
      line += Array("\",\"strokes\":[]}}".utf8)
      return Request(
        line: line, id: id, expectation: .error("not UTF-8"), kind: "invalid UTF-8", isHostile: true
      )
    default:
      let far = pick(["5000000", "1e30", "1e300"])
      let line =
        "{\"id\":\(quoted),\"template\":\"latin/a\",\"placement\":\"box\",\"attempt\":{\"strokes\":[{\"points\":{\"x\":[0,\(far)],\"y\":[0,0]}}]}}"
      return refused(line, "box heights long once placed", kind: "far-off ink")
    }
  }
}
