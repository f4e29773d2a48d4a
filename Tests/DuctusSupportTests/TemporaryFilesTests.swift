import Foundation
import Testing
import _DuctusSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Temporary names carry their writer, and only a dead writer's files of this machine are
/// removed; output files keep permissions, links and special files; pairs commit together.
@Suite struct TemporaryFilesTests {
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ductus-temporary-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func contents(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// The identifier of a process that has ended.
  private func deadProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func temporaryNamesCarryTheWriterAndTheMachine() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try AtomicFile(path: folder.appendingPathComponent("out.ndjson").path)
    let names = try contents(folder)
    #expect(names.count == 1)
    let prefix = ".out.ndjson.tmp-\(getpid())-\(TemporaryFiles.hostTag)-"
    #expect(names[0].hasPrefix(prefix) && names[0].count == prefix.count + 6, "\(names)")
    #expect(TemporaryFiles.owner(ofTemporaryName: names[0])?.process == getpid())
    file.discard()
    #expect(try contents(folder).isEmpty)

    #expect(TemporaryFiles.hostTag.count == 8 && TemporaryFiles.hostTag.allSatisfy(\.isHexDigit))
    #expect(
      TemporaryFiles.owner(ofTemporaryName: ".ductus-42-0123abcd-Ab12Cd")! == (42, "0123abcd"))
    #expect(
      TemporaryFiles.owner(ofTemporaryName: ".a.tmp-b.tmp-7-0123abcd-Ab12Cd")! == (7, "0123abcd"))
    for other in [
      "out.tmp-7-0123abcd-Ab12Cd", ".out.tmp-Ab12Cd", ".out.tmp-x-0123abcd-Ab12Cd",
      ".out.tmp-7-0123abcd-Ab12C", ".out.tmp-7-0123abcg-Ab12Cd", ".tmp-7-0123abcd-Ab12Cd",
      ".ductus-0-0123abcd-Ab12Cd", ".ductus-3F2504E0-4F89-11D3-9A0C-0305E82C3301",
    ] {
      #expect(TemporaryFiles.owner(ofTemporaryName: other) == nil, "\(other)")
    }
    // A long name is cut so that the temporary name stays within 255 bytes.
    let long = String(repeating: "é", count: 120) + ".json"
    let longFile = try AtomicFile(path: folder.appendingPathComponent(long).path)
    let longName = try contents(folder)[0]
    #expect(longName.utf8.count <= 255)
    #expect(TemporaryFiles.owner(ofTemporaryName: longName)?.process == getpid())
    try longFile.commit()
    #expect(try contents(folder) == [long])
  }

  @Test func onlyADeadWritersFilesOfThisMachineAreRemoved() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let host = TemporaryFiles.hostTag
    let otherHost = host == "0badf00d" ? "0badf00e" : "0badf00d"
    let dead = try deadProcess()
    let stale = [".out.json.tmp-\(dead)-\(host)-Ab12Cd", ".ductus-\(dead)-\(host)-Ab12Cd"]
    let kept = [
      ".out.json.tmp-\(getpid())-\(host)-Ab12Cd", ".out.json.tmp-1-\(host)-Ab12Cd",
      ".out.json.tmp-\(dead)-\(otherHost)-Ab12Cd", ".out.json.tmp-Ab12Cd", "out.json",
      "x.tmp-\(dead)-\(host)-Ab12Cd",
    ]
    for name in stale + kept {
      #expect(
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: nil))
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent(stale[1]))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(stale[1]).appendingPathComponent("stdin"),
      withIntermediateDirectories: true)
    #expect(TemporaryFiles.removeStale(in: folder.path).sorted() == stale.sorted())
    #expect(try contents(folder) == kept.sorted())
  }

  @Test func replacingKeepsPermissionsAndFollowsLinks() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("secret.json").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o600) == 0)
    try AtomicFile.write(Array("new".utf8), to: path)
    #expect(Platform.status(of: path)?.permissions == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")

    let link = folder.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "secret.json")
    try AtomicFile.write(Array("through".utf8), to: link)
    #expect(Platform.status(of: link, followingLinks: false)?.kind == .symbolicLink)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "through")
    #expect(Platform.status(of: path)?.permissions == 0o600)
    #expect(try contents(folder) == ["link.json", "secret.json"])

    #expect(throws: OutputFileError(path: folder.path, reason: "Is a directory")) {
      try AtomicFile.write(Array("x".utf8), to: folder.path)
    }
  }

  @Test func specialFilesAndDescriptorsAreWrittenInPlace() throws {
    let null = try AtomicFile(path: "/dev/null")
    #expect(null.placement == .inPlace)
    null.sink.write("nothing")
    try null.commit()
    #expect(Platform.status(of: "/dev/null")?.kind == .special)
    #expect(AtomicFile.writesInPlace("-") && AtomicFile.writesInPlace("/dev/stdout"))
    #expect(AtomicFile.writesInPlace("/dev/fd/2") && AtomicFile.writesInPlace("/proc/self/fd/1"))
    #expect(!AtomicFile.writesInPlace("/nonexistent-ductus/out.json"))
    #expect(Platform.descriptorAlias("/dev/stderr") == 2)
    #expect(Platform.descriptorAlias("/proc/\(getpid())/fd/7") == 7)
    #expect(Platform.descriptorAlias("./-") == nil)
    #expect(throws: OutputFileError(path: "/dev/full", reason: "No space left on device")) {
      try AtomicFile.write(Array("full".utf8), to: "/dev/full")
    }
  }

  @Test func aSocketIsConnectedToAndWrittenInPlace() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.sock").path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8) + [0])
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0 && listen(listener, 1) == 0)
    let received = Received()
    let reader = Thread {
      let connection = accept(listener, nil, nil)
      let handle = FileHandle(fileDescriptor: connection, closeOnDealloc: true)
      received.set(handle.readDataToEndOfFile())
    }
    reader.start()
    let file = try AtomicFile(path: path)
    #expect(file.placement == .inPlace)
    file.sink.write("over the socket\n")
    try file.commit()
    #expect(String(decoding: received.wait(), as: UTF8.self) == "over the socket\n")
    #expect(Platform.status(of: path)?.kind == .socket)
    #expect(try contents(folder) == ["out.sock"])
  }

  @Test func filesCommittedTogetherChangeTogether() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let matrix = folder.appendingPathComponent("m.npy").path
    let sidecar = folder.appendingPathComponent("m.npy.json").path
    try Data("old matrix".utf8).write(to: URL(fileURLWithPath: matrix))
    try Data("old sidecar".utf8).write(to: URL(fileURLWithPath: sidecar))

    // The second file fails when it is written out: the first is not renamed.
    let first = try AtomicFile(path: matrix)
    first.sink.write("new matrix")
    let full = try AtomicFile(path: "/dev/full")
    full.sink.write("new sidecar")
    #expect(throws: OutputFileError.self) { try AtomicFile.commit([first, full]) }
    #expect(try String(contentsOfFile: matrix, encoding: .utf8) == "old matrix")
    #expect(try contents(folder) == ["m.npy", "m.npy.json"])

    let newMatrix = try AtomicFile(path: matrix)
    newMatrix.sink.write("new matrix")
    let newSidecar = try AtomicFile(path: sidecar)
    newSidecar.sink.write("new sidecar")
    try AtomicFile.commit([newMatrix, newSidecar])
    #expect(try String(contentsOfFile: matrix, encoding: .utf8) == "new matrix")
    #expect(try String(contentsOfFile: sidecar, encoding: .utf8) == "new sidecar")
    #expect(try contents(folder) == ["m.npy", "m.npy.json"])
  }

  @Test func aStreamingFileHoldsWhatWasFlushedBeforeItIsClosed() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("errors.ndjson").path
    try Data("from an earlier run\n".utf8).write(to: URL(fileURLWithPath: path))
    let log = try AtomicFile(streamingTo: path)
    #expect(log.placement == .streaming)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    log.sink.write("{\"error\":\"x\"}\n")
    try log.sink.flush()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"error\":\"x\"}\n")
    log.discard()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"error\":\"x\"}\n")
    #expect(try contents(folder) == ["errors.ndjson"])
  }
}

/// Bytes handed over by a reading thread.
private final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func set(_ value: Data) {
    lock.withLock { data = value }
    done.signal()
  }

  func wait() -> Data {
    done.wait()
    return lock.withLock { data }
  }
}
