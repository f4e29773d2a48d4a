import DuctusTestSupport
import Foundation
import Testing
import _DuctusSupport

#if canImport(Glibc)
  import Glibc
#endif

/// What happens to output files when a command is stopped, killed, fed from a pipe or pointed
/// at something that is not a regular file: signals clean up, temporary files never outlive a
/// run but by `SIGKILL` (and then the next run removes them), line formats stream from
/// standard input, `--errors` is written as records fail, a `.npy` and its sidecar change
/// together, permissions stay, FIFOs and devices are written in place, `-` is standard output,
/// write failures exit 74, and no two records write one file.
@Suite struct OutputSafetyTests {
  let corpus = SharedData.repositoryRoot.appendingPathComponent(
    "Datasets/samples/samples.ndjson"
  ).path
  let drawing = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/a.json").path
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  static let npy: [UInt8] = [0x93] + Array("NUMPY".utf8)

  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-output-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  private func object(_ line: some StringProtocol) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
  }

  /// `copies` × the five sample records, keyed `<copy>-<key>`: about 2.5 KB a record.
  private func records(copies: Int) throws -> Data {
    let text = try String(contentsOfFile: corpus, encoding: .utf8)
    var out = ""
    for copy in 0..<copies {
      out += text.replacingOccurrences(of: "{\"key\":\"", with: "{\"key\":\"\(copy)-")
    }
    return Data(out.utf8)
  }

  /// The permission bits of a path (of the link itself when `followingLinks` is false).
  private func permissions(_ path: String) -> UInt32? {
    Platform.status(of: path)?.permissions
  }

  /// The process's umask, from `/proc/self/status` (reading it with `umask(2)` would change it
  /// for a moment under the other tests' feet).
  private func umaskValue() throws -> UInt32 {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }!
    return UInt32(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces), radix: 8)!
  }

  // MARK: 1. Signals

  @Test(arguments: [
    (SIGTERM, Int32(143), "terminated"), (SIGHUP, Int32(129), "hang-up"),
    (SIGINT, Int32(130), "interrupted"),
  ])
  func aSignalRemovesTemporaryFilesAndExitsWithItsStatus(
    signal: Int32, status: Int32, word: String
  ) throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)

    // A JSON drawing on standard input is copied whole to TMPDIR before it is read.
    let spooling = try RunningDuctus(
      ["render", "--from", "ductus-json", "-", "-o", folder.appendingPathComponent("x.png").path],
      environment: ["TMPDIR": tmp.path])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: drawing))
    try spooling.write(bytes)
    let spool = { () -> String? in
      self.contents(tmp).first.map {
        tmp.appendingPathComponent($0).appendingPathComponent("stdin").path
      }
    }
    #expect(RunningDuctus.wait { spool().map(FileManager.default.fileExists) == true })
    #expect(contents(tmp).first?.hasPrefix(".ductus-\(spooling.processIdentifier)-") == true)
    spooling.send(signal)
    let stopped = spooling.waitForExit()
    #expect(stopped.exitCode == status)
    #expect(stopped.standardError == word + "\n")
    #expect(contents(tmp).isEmpty)
    #expect(contents(folder) == ["tmp"])

    // An output being written: its temporary file beside the destination goes too.
    let writing = try RunningDuctus([
      "trace", "batch", "-t", "latin/a", "--from", "ductus-ndjson", "-j", "1", "-o",
      folder.appendingPathComponent("out.ndjson").path, "-",
    ])
    try writing.write(try records(copies: 2))
    let temporary = ".out.ndjson.tmp-\(writing.processIdentifier)-"
    #expect(RunningDuctus.wait { self.contents(folder).contains { $0.hasPrefix(temporary) } })
    writing.send(signal)
    let interrupted = writing.waitForExit()
    #expect(interrupted.exitCode == status)
    #expect(interrupted.standardError == word + "\n")
    #expect(contents(folder) == ["tmp"])
  }

  @Test func aSignalIgnoredOnEntryStaysIgnored() throws {
    // As under nohup: the shell ignores SIGHUP and the command it becomes inherits that.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = [
      "-c", "trap '' HUP; exec \"$0\" inspect --format ndjson --from ductus-ndjson -",
      DuctusProcess.binary.path,
    ]
    let input = Pipe()
    let output = Pipe()
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = FileHandle.nullDevice
    try shell.run()
    usleep(300_000)
    kill(shell.processIdentifier, SIGHUP)
    usleep(300_000)
    #expect(shell.isRunning)
    try input.fileHandleForWriting.write(contentsOf: try records(copies: 1))
    try input.fileHandleForWriting.close()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    shell.waitUntilExit()
    #expect(shell.terminationReason == .exit && shell.terminationStatus == 0)
    #expect(lines(String(decoding: printed, as: UTF8.self)).count == 5)
  }

  @Test func aCrashRemovesTemporaryFilesToo() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try RunningDuctus(
      ["render", "--from", "ductus-json", "-", "-o", folder.appendingPathComponent("x.png").path],
      environment: ["TMPDIR": folder.path, "SWIFT_BACKTRACE": "enable=no"])
    try run.write(Data("{".utf8))
    #expect(RunningDuctus.wait { !self.contents(folder).isEmpty })
    run.send(SIGSEGV)
    #expect(run.waitForExit().exitCode == 128 + SIGSEGV)
    #expect(contents(folder).isEmpty)
  }

  @Test func aClosedOutputPipeEndsTheCommandQuietlyAndCleansUp() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // `| head -c 1` reads one byte and goes: the rest of the output finds no reader. The JSON
    // drawing on standard input is copied to TMPDIR first; the copy must go too.
    let script = """
      "$0" resample --from ductus-json --resample 40000 - < "$1" | head -c 1 > /dev/null
      echo "${PIPESTATUS[0]}"
      """
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = ["-c", script, DuctusProcess.binary.path, drawing]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = folder.path
    shell.environment = environment
    let output = Pipe()
    let error = Pipe()
    shell.standardOutput = output
    shell.standardError = error
    try shell.run()
    let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    #expect(status == "141\n")
    #expect(error.fileHandleForReading.readDataToEndOfFile().isEmpty)
    #expect(contents(folder).isEmpty)
  }

  // MARK: 2. Stale temporary files

  @Test func whatAKilledWriterLeftIsRemovedByTheNextRunAndNothingElse() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("out.ndjson").path

    let killed = try RunningDuctus([
      "trace", "batch", "-t", "latin/a", "--from", "ductus-ndjson", "-o", output, "-",
    ])
    try killed.write(try records(copies: 2))
    let temporary = ".out.ndjson.tmp-\(killed.processIdentifier)-\(TemporaryFiles.hostTag)-"
    #expect(RunningDuctus.wait { self.contents(folder).contains { $0.hasPrefix(temporary) } })
    killed.send(SIGKILL)
    #expect(killed.waitForExit().exitCode == 128 + SIGKILL)

    let killedSpool = try RunningDuctus(
      ["render", "--from", "ductus-json", "-", "-o", folder.appendingPathComponent("x.png").path],
      environment: ["TMPDIR": tmp.path])
    try killedSpool.write(Data("{".utf8))
    #expect(RunningDuctus.wait { !self.contents(tmp).isEmpty })
    killedSpool.send(SIGKILL)
    _ = killedSpool.waitForExit()
    #expect(contents(folder).contains { $0.hasPrefix(temporary) })
    #expect(contents(tmp).count == 1)

    // What must stay: a live process's files (this one's, and init's), another machine's, and
    // names without a tag.
    let host = TemporaryFiles.hostTag
    let otherHost = host == "0badf00d" ? "0badf00e" : "0badf00d"
    let keep = [
      ".out.ndjson.tmp-\(getpid())-\(host)-abc123", ".out.ndjson.tmp-1-\(host)-abc123",
      ".out.ndjson.tmp-\(killed.processIdentifier)-\(otherHost)-abc123",
      ".out.ndjson.tmp-Ab12Cd", ".notes.tmp-x",
    ]
    for name in keep {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: nil))
    }
    let liveSpool = ".ductus-\(getpid())-\(host)-abc123"
    try FileManager.default.createDirectory(
      at: tmp.appendingPathComponent(liveSpool), withIntermediateDirectories: false)

    let next = try DuctusProcess.run(["trace", "batch", "-t", "latin/a", "-o", output, corpus])
    #expect(next.exitCode == 0, "\(next.standardError)")
    let nextSpool = try DuctusProcess.run(
      ["render", "-", "-o", folder.appendingPathComponent("y.png").path],
      input: try Data(contentsOf: URL(fileURLWithPath: drawing)), environment: ["TMPDIR": tmp.path])
    #expect(nextSpool.exitCode == 0, "\(nextSpool.standardError)")
    #expect(contents(folder) == (keep + ["out.ndjson", "tmp", "y.png"]).sorted())
    #expect(contents(tmp) == [liveSpool])
  }

  // MARK: 3. Line formats stream from standard input

  @Test func lineFormatsStreamFromStandardInputWithoutACopy() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // More than the mebibyte a line reader takes at once: records come out while standard
    // input is still open, and nothing is copied to TMPDIR.
    let run = try RunningDuctus(
      ["inspect", "--format", "ndjson", "-j", "1", "-"], environment: ["TMPDIR": folder.path])
    try run.write(try records(copies: 200))
    #expect(RunningDuctus.wait { self.lines(run.standardOutput).count >= 100 })
    #expect(contents(folder).isEmpty)
    try run.closeInput()
    let outcome = run.waitForExit()
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(lines(outcome.standardOutput).count == 1000)

    let quickDraw = """
      {"word":"cat","key_id":"1","countrycode":"FR","drawing":[[[0,10,20],[0,5,10]]]}
      {"word":"dog","key_id":"2","countrycode":"FR","drawing":[[[5,6,7,30],[1,2,3,4]]]}

      """
    let converted = try DuctusProcess.run(
      ["convert", "-", "-", "--to", "ductus-ndjson"], input: Data(quickDraw.utf8),
      environment: ["TMPDIR": folder.path])
    #expect(converted.exitCode == 0, "\(converted.standardError)")
    #expect(
      try lines(converted.standardOutput).map { try object($0)["key"] as? String } == ["1", "2"])
  }

  // MARK: 4. --errors

  @Test func theErrorsFileIsWrittenAsRecordsFailAndSurvivesAnInterrupt() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errors = folder.appendingPathComponent("errors.ndjson").path
    let run = try RunningDuctus([
      "inspect", "--format", "ndjson", "-j", "1", "--from", "ductus-ndjson", "--errors", errors,
      "-",
    ])
    var input = Data("{\"key\":\"broken\",\"drawing\":{]}\n".utf8)
    input.append(try records(copies: 200))
    try run.write(input)
    let written = { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
    #expect(RunningDuctus.wait { written().hasSuffix("\n") })
    run.send(SIGTERM)
    #expect(run.waitForExit().exitCode == 143)
    let logged = lines(written())
    #expect(logged.count == 1)
    let line = try object(logged[0])
    #expect(line["file"] as? String == "<stdin>")
    #expect(line["record"] as? String == "line 1")
    #expect((line["error"] as? String)?.hasPrefix("at byte ") == true)
    #expect(logged[0].hasPrefix("{\"error\":"))
  }

  // MARK: 5. A .npy and its sidecar

  @Test func aMatrixAndItsSidecarAreReplacedTogether() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let matrix = folder.appendingPathComponent("m.npy")
    let sidecar = folder.appendingPathComponent("m.npy.json")
    let first = try DuctusProcess.run(["distances", corpus, "--resample", "8", "-o", matrix.path])
    #expect(first.exitCode == 0, "\(first.standardError)")
    #expect(contents(folder) == ["m.npy", "m.npy.json"])
    let before = try Data(contentsOf: matrix)

    // The sidecar cannot be written (a folder is in its way): the matrix stays as it was.
    try FileManager.default.removeItem(at: sidecar)
    try FileManager.default.createDirectory(at: sidecar, withIntermediateDirectories: false)
    let blocked = try DuctusProcess.run([
      "distances", corpus, "--resample", "16", "--metric", "frechet", "-o", matrix.path,
    ])
    #expect(blocked.exitCode == 74)
    #expect(blocked.standardError == "error: \(sidecar.path): Is a directory\n")
    #expect(try Data(contentsOf: matrix) == before)
    #expect(contents(folder) == ["m.npy", "m.npy.json"])

    try FileManager.default.removeItem(at: sidecar)
    let second = try DuctusProcess.run([
      "distances", corpus, "--resample", "16", "--metric", "frechet", "-o", matrix.path,
    ])
    #expect(second.exitCode == 0)
    #expect(try Data(contentsOf: matrix) != before)
    #expect(
      try object(String(contentsOf: sidecar, encoding: .utf8))["metric"] as? String == "frechet")
    #expect(contents(folder) == ["m.npy", "m.npy.json"])
  }

  // MARK: 6. Permissions

  @Test func replacingAFileKeepsItsPermissionsAndALinkStaysALink() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let commands: [(files: [String], arguments: [String])] = [
      (["a.json"], ["convert", drawing, path("a.json")]),
      (["all.ndjson"], ["convert", corpus, path("all.ndjson")]),
      (["a.png"], ["render", drawing, "-o", path("a.png")]),
      (["m.npy", "m.npy.json"], ["distances", corpus, "--resample", "8", "-o", path("m.npy")]),
      (
        ["scores.csv", "model.json"],
        ["pca", corpus, "-o", path("scores.csv"), "--model", path("model.json")]
      ),
      (
        ["reports.ndjson"],
        ["trace", "batch", "-t", "latin/a", "-o", path("reports.ndjson"), corpus]
      ),
    ]
    let fresh = 0o666 & ~(try umaskValue())
    for (files, arguments) in commands {
      let created = try DuctusProcess.run(arguments)
      #expect(created.exitCode == 0, "\(arguments): \(created.standardError)")
      for file in files { #expect(permissions(path(file)) == fresh, "\(file)") }
      for (file, mode) in zip(files, [0o600, 0o640]) {
        try Data("old".utf8).write(to: URL(fileURLWithPath: path(file)))
        #expect(chmod(path(file), mode_t(mode)) == 0)
      }
      let replaced = try DuctusProcess.run(arguments)
      #expect(replaced.exitCode == 0, "\(arguments): \(replaced.standardError)")
      for (file, mode) in zip(files, [UInt32(0o600), 0o640]) {
        #expect(permissions(path(file)) == mode, "\(file)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path(file))) != Data("old".utf8))
      }
    }
    // A link to the output: the file it points to is replaced, the link stays.
    try FileManager.default.createDirectory(
      atPath: path("real"), withIntermediateDirectories: false)
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("real/target.json")))
    #expect(chmod(path("real/target.json"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: path("link.json"), withDestinationPath: path("real/target.json"))
    #expect(try DuctusProcess.run(["convert", drawing, path("link.json")]).exitCode == 0)
    #expect(Platform.status(of: path("link.json"), followingLinks: false)?.kind == .symbolicLink)
    #expect(permissions(path("real/target.json")) == 0o600)
    #expect(
      try String(contentsOfFile: path("real/target.json"), encoding: .utf8).contains("\"format\""))
    #expect(contents(folder.appendingPathComponent("real")) == ["target.json"])
  }

  // MARK: 7. FIFOs and devices are written in place

  /// Each command that writes a file, with the name of its output and how its bytes begin.
  static let writers: [(name: String, arguments: [String], start: [UInt8])] = {
    let corpus = "Datasets/samples/samples.ndjson"
    let drawing = "Datasets/samples/a.json"
    let record = Array("{\"key\":\"a\"".utf8)
    return [
      ("out.ndjson", ["convert", corpus, "OUT"], record),
      ("out.json", ["convert", drawing, "OUT"], Array("{".utf8)),
      ("out.png", ["render", drawing, "-o", "OUT"], png),
      ("out.ndjson", ["distances", corpus, "--resample", "8", "-o", "OUT"], Array("{\"a\":".utf8)),
      ("out.npy", ["distances", corpus, "--resample", "8", "-o", "OUT"], npy),
      ("out.csv", ["pca", corpus, "-o", "OUT"], Array("key,label,pc1".utf8)),
      ("model.json", ["pca", corpus, "--model", "OUT", "-o", "/dev/null"], Array("{".utf8)),
      ("out.ndjson", ["resample", corpus, "--resample", "4", "-o", "OUT"], record),
      ("out.npy", ["resample", corpus, "--resample", "4", "-o", "OUT"], npy),
      ("out.png", ["trace", "score", "-t", "latin/a", "-a", drawing, "--picture", "OUT"], png),
      ("out.ndjson", ["trace", "batch", "-t", "latin/a", "-o", "OUT", corpus], record),
      ("out.png", ["templates", "render", "latin/a", "-o", "OUT"], png),
    ]
  }()

  @Test(arguments: 0..<writers.count)
  func aFIFOIsWrittenInPlaceAndItsReaderGetsTheBytes(index: Int) throws {
    let (name, words, start) = Self.writers[index]
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent(name).path
    #expect(mkfifo(fifo, 0o644) == 0)
    let received = ReadAll(fifo)
    let run = try DuctusProcess.run(words.map { $0 == "OUT" ? fifo : $0 })
    #expect(run.exitCode == 0, "\(words): \(run.standardError)")
    let bytes = received.finish()
    #expect(Array(bytes.prefix(start.count)) == start, "\(words)")
    #expect(contents(folder) == [name], "\(words)")
    #expect(Platform.status(of: fifo, followingLinks: false)?.kind == .special)
  }

  @Test(.enabled(if: getuid() == 0, "mknod needs root"), arguments: 0..<writers.count)
  func aCharacterDeviceIsWrittenInPlace(index: Int) throws {
    let (name, words, _) = Self.writers[index]
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A node like /dev/null (1, 3), made in the scratch folder: the real /dev is left alone.
    let device = folder.appendingPathComponent(name).path
    let mknod = Process()
    mknod.executableURL = URL(fileURLWithPath: "/usr/bin/mknod")
    mknod.arguments = ["-m", "666", device, "c", "1", "3"]
    try mknod.run()
    mknod.waitUntilExit()
    #expect(mknod.terminationStatus == 0)
    let run = try DuctusProcess.run(words.map { $0 == "OUT" ? device : $0 })
    #expect(run.exitCode == 0, "\(words): \(run.standardError)")
    #expect(contents(folder) == [name], "\(words)")
    var info = stat()
    #expect(lstat(device, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR, "\(words)")
  }

  // MARK: 8. '-' is standard output

  @Test func dashIsStandardOutputEverywhereAndNeverAFile() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let streams: [([String], [UInt8])] = [
      (["render", drawing, "-o", "-"], Self.png),
      (
        ["render", corpus, "-o", "-", "--record", "star", "--image-format", "svg"],
        Array("<?xml".utf8)
      ),
      (["templates", "render", "latin/a", "-o", "-"], Self.png),
      (["distances", corpus, "--resample", "8", "-o", "-", "--format", "npy"], Self.npy),
      (["pca", corpus, "-o", "-", "--format", "npy"], Self.npy),
      (["resample", corpus, "--resample", "4", "-o", "-", "--format", "npy"], Self.npy),
      (["convert", corpus, "-", "--to", "ductus-ndjson"], Array("{\"key\":\"a\"".utf8)),
      (["convert", drawing, "-", "--to", "inkml"], Array("<".utf8)),
      (["pca", corpus, "--model", "-", "-o", "scores.csv"], Array("{".utf8)),
      (["trace", "batch", "-t", "latin/a", "-o", "-", corpus], Array("{\"key\":\"a\"".utf8)),
    ]
    for (words, start) in streams {
      let run = try DuctusProcess.run(words, directory: folder)
      #expect(run.exitCode == 0, "\(words): \(run.standardError)")
      #expect(Array(run.standardOutputBytes.prefix(start.count)) == start, "\(words)")
    }
    let refused: [([String], String)] = [
      (
        ["pca", corpus, "--model", "-"],
        "'--model -' and the scores would both go to standard output"
      ),
      (
        ["trace", "score", "-t", "latin/a", "-a", drawing, "--picture", "-"],
        "'--picture -' would put the picture on standard output, where the report goes"
      ),
      (
        ["distances", corpus, "--tile", "0,0", "--tiles", "1", "-o", "-"],
        "a tile is written as .npy with its sidecar"
      ),
      (["inspect", corpus, "--errors", "-"], "'--errors -' would mix the failures with the data"),
      (
        ["templates", "import", "x.jhf", "-o", "-"],
        "'-' is standard output, but a template library"
      ),
      (
        ["convert", corpus, "-", "--to", "inkml"], "a corpus written as inkml is a folder of files"
      ),
      (["inspect", "-", "-"], "'-' is given twice, and standard input can be read once"),
    ]
    for (words, message) in refused {
      let run = try DuctusProcess.run(words, directory: folder)
      #expect(run.exitCode == 2, "\(words): \(run.standardError)")
      #expect(run.standardError.hasPrefix("error: " + message), "\(run.standardError)")
    }
    #expect(contents(folder) == ["scores.csv"])
  }

  // MARK: 9. I/O failures exit 74

  @Test func aFullDiskExits74() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let full: [[String]] = [
      ["convert", drawing, "/dev/full", "--to", "ductus-json"],
      ["convert", drawing, "/dev/full", "--to", "pkdrawing"],
      ["convert", corpus, "/dev/full", "--to", "ductus-ndjson"],
      ["render", drawing, "-o", "/dev/full", "--image-format", "png"],
      ["distances", corpus, "--resample", "8", "-o", "/dev/full"],
    ]
    for words in full {
      let run = try DuctusProcess.run(words)
      #expect(run.exitCode == 74, "\(words): \(run.standardError)")
      #expect(run.standardError == "error: /dev/full: No space left on device\n", "\(words)")
    }
    // One full file among a folder's stops the batch (every later write would fail too).
    for (words, name) in [
      (
        ["render", corpus, "-o", folder.appendingPathComponent("pictures").path + "/"],
        "pictures/star.png"
      ),
      (
        ["convert", corpus, folder.appendingPathComponent("inkml").path + "/", "--to", "inkml"],
        "inkml/star.inkml"
      ),
    ] {
      let link = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: "/dev/full")
      let run = try DuctusProcess.run(words + ["-j", "1"])
      #expect(run.exitCode == 74, "\(words): \(run.standardError)")
      #expect(run.standardError.contains("No space left on device"), "\(run.standardError)")
    }
    // A folder that cannot be made (the key a/b needs a folder a, and a file is in the way).
    let blocked = folder.appendingPathComponent("blocked")
    try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
    try Data().write(to: blocked.appendingPathComponent("a"))
    let keys = folder.appendingPathComponent("keys.ndjson")
    try keyedRecords(["a/b"]).write(to: keys)
    let run = try DuctusProcess.run(["convert", keys.path, blocked.path + "/", "--to", "inkml"])
    #expect(run.exitCode == 74, "\(run.standardError)")
    #expect(run.standardError.hasPrefix("error: \(blocked.path)/a: cannot create the folder: "))
  }

  /// One record a key, each with the first sample's drawing.
  private func keyedRecords(_ keys: [String]) throws -> Data {
    let line = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")[0]
    let body = line.drop { $0 != "," }
    return Data(keys.map { "{\"key\":\"\($0)\"" + body + "\n" }.joined().utf8)
  }

  // MARK: 10. Two records, one file name

  @Test func renderReportsRecordsWhoseFileNameAnEarlierRecordHas() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("keys.ndjson")
    try keyedRecords(["a/b", "a_b", "x", "x"]).write(to: input)
    let errors = folder.appendingPathComponent("errors.ndjson").path
    let out = folder.appendingPathComponent("out")
    let run = try DuctusProcess.run([
      "render", input.path, "-o", out.path + "/", "--errors", errors, "-j", "2",
    ])
    #expect(run.exitCode == 1, "\(run.standardError)")
    #expect(contents(out) == ["a_b.png", "x.png"])
    let logged = try lines(String(contentsOfFile: errors, encoding: .utf8)).map(object)
    #expect(logged.map { $0["record"] as? String } == ["a_b", "x"])
    #expect(logged.allSatisfy { $0["file"] as? String == input.path })
    #expect(
      logged.map { $0["error"] as? String } == [
        "an earlier record, a/b, has a key that makes the same file name, a_b.png; this one was "
          + "not written",
        "an earlier record has the same key, and so the same file, x.png; this one was not "
          + "written",
      ])
    // Shards agree on which record has a name: the second share writes none of its two.
    let shared = folder.appendingPathComponent("shared")
    let second = try DuctusProcess.run([
      "render", input.path, "-o", shared.path + "/", "--shard", "1/2",
    ])
    #expect(second.exitCode == 1)
    #expect(contents(shared).isEmpty)
    let first = try DuctusProcess.run([
      "render", input.path, "-o", shared.path + "/", "--shard", "0/2",
    ])
    #expect(first.exitCode == 0, "\(first.standardError)")
    #expect(contents(shared) == ["a_b.png", "x.png"])
  }
}

extension OutputSafetyTests {
  // MARK: 11. No output replaces an input

  @Test func anOutputThatNamesAnInputOrAnotherOutputIsRefused() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.ndjson").path
    try FileManager.default.copyItem(atPath: corpus, toPath: input)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let link = folder.appendingPathComponent("link.ndjson").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
    let same = folder.appendingPathComponent("same.json").path
    let cases: [([String], String)] = [
      (["shapes", "detect", input, "-o", input], "is the input"),
      (["shapes", "detect", input, "-o", link], "is the input"),
      (["shapes", "detect", input, "--errors", input, "-o", "-"], "is the input"),
      (
        ["shapes", "detect", input, "--record", "0", "--beautify", same, "-o", same],
        "name one file"
      ),
      (["convert", input, input], "is the input"),
      (["features", input, "-o", input], "is the input"),
      (["resample", input, "-o", input], "is the input"),
      (["distances", input, "-o", input], "is the input"),
    ]
    for (arguments, words) in cases {
      let run = try DuctusProcess.run(arguments)
      #expect(run.exitCode == 2, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains(words), "\(arguments): \(run.standardError)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    #expect(!FileManager.default.fileExists(atPath: same))
  }
}

/// Reads a FIFO to its end on a thread; `finish()` returns the bytes, unblocking the open
/// when no writer ever came.
private final class ReadAll: @unchecked Sendable {
  private let path: String
  private let lock = NSLock()
  private var bytes = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ path: String) {
    self.path = path
    Thread { [self] in
      if let handle = FileHandle(forReadingAtPath: path) {
        let data = handle.readDataToEndOfFile()
        lock.withLock { bytes = data }
      }
      done.signal()
    }.start()
  }

  func finish() -> Data {
    if done.wait(timeout: .now() + 2) == .timedOut {
      // No writer opened it: open one ourselves, so that the reader's open returns.
      let descriptor = open(path, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { close(descriptor) }
      done.wait()
    }
    return lock.withLock { bytes }
  }
}
