import Foundation

/// Where the real data sets of `../shared` are: `DUCTUS_SHARED` when set, else the folder beside
/// the repository. Tests that need them are enabled only when they are there, and say so.
public enum SharedData {
  /// The root of the shared folder (it holds `datasets/` and `fixtures/`).
  public static let root: URL = {
    if let path = ProcessInfo.processInfo.environment["DUCTUS_SHARED"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }()

  /// The repository's root folder.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the shared folder is present.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent("datasets").path)
  }

  /// The message a skipped test gives.
  public static let skipMessage =
    "../shared (or DUCTUS_SHARED) is absent: skipping the tests on real data"

  /// A file or folder below the shared root, e.g. `datasets/unipen-apa`.
  public static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// A fixture committed in the repository under `Tests/Fixtures/`.
  public static func fixture(_ relativePath: String) -> URL {
    repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relativePath)
  }
}
