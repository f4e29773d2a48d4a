import Foundation
import _DuctusSupport

/// Writes a corpus as a folder with one drawing file a record, named by the record's key (a `/`
/// in a key makes a subfolder; `..` and empty components are replaced by `_`).
public struct FolderCorpusWriter: CorpusWriter {
  private let folder: URL
  private let format: InkFileFormat

  /// Creates the folder (and its parents) when needed.
  ///
  /// - Throws: `InkFormatError` of kind ``InkFormatError/Kind/writeFailed`` when it cannot.
  public init(folder: URL, format: InkFileFormat) throws {
    self.folder = folder
    self.format = format
    try Self.createFolder(folder)
  }

  /// Creates a folder and its parents, a failure being ``InkFormatError/Kind/writeFailed``.
  private static func createFolder(_ folder: URL) throws(InkFormatError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      let reason = OutputFileError(path: folder.path, error).reason
      throw InkFormatError(.writeFailed, "cannot create the folder: \(reason)", file: folder.path)
    }
  }

  public mutating func write(_ record: CorpusRecord) throws {
    let components = record.key.split(separator: "/", omittingEmptySubsequences: false).map {
      $0.isEmpty || $0 == "." || $0 == ".." ? "_" : String($0)
    }
    var url = folder
    for component in components.dropLast() {
      url.appendPathComponent(component, isDirectory: true)
    }
    if components.count > 1 { try Self.createFolder(url) }
    url.appendPathComponent("\(components.last ?? "_").\(format.fileExtensions[0])")
    try format.write(record, to: url)
  }

  /// Nothing is left to do: each file was moved into place when written.
  public mutating func finish() throws {}
}
