import Foundation

/// A new empty folder under the system's temporary directory, named `ductus-<name>-<UUID>`,
/// for a test's files; the test removes it.
func makeTemporaryFolder(_ name: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ductus-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
