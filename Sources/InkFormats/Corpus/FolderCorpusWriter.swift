import Foundation

/// Writes a corpus as a folder with one drawing file a record, named by the record's key (a `/`
/// in a key makes a subfolder; `..` and empty components are replaced by `_`).
public struct FolderCorpusWriter: CorpusWriter {
  private let folder: URL
  private let format: InkFileFormat

  /// Creates the folder (and its parents) when needed.
  public init(folder: URL, format: InkFileFormat) throws {
    self.folder = folder
    self.format = format
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw InkFormatError(.malformed, "cannot create the folder", file: folder.path)
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
    if components.count > 1 {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    url.appendPathComponent("\(components.last ?? "_").\(format.fileExtensions[0])")
    try format.write(record, to: url)
  }

  /// Nothing is left to do: each file was moved into place when written.
  public mutating func finish() throws {}
}
