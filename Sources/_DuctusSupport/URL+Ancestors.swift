import Foundation

extension URL {
  /// The folders that hold this file or folder, nearest first, up to but not including `/`;
  /// `..` and `.` are resolved first. (Foundation "deletes" a trailing `..` by appending
  /// another one, so climbing an unresolved path such as `/repo/../shared/a` never ends.)
  package var enclosingFolders: [URL] {
    var folder = standardizedFileURL.deletingLastPathComponent()
    var folders: [URL] = []
    while folder.pathComponents.count > 1 {
      folders.append(folder)
      let parent = folder.deletingLastPathComponent()
      guard parent.pathComponents.count < folder.pathComponents.count else { break }
      folder = parent
    }
    return folders
  }
}
