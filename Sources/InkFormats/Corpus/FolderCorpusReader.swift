import Foundation

/// A folder of drawing files read as one corpus: every file below it whose format is known,
/// in path order, hidden files and files of no known format skipped.
///
/// A record from a single-drawing file is keyed by its path below the folder without the
/// extension (`digits/seven`); records of corpus files keep their own keys.
public struct FolderCorpusReader: CorpusReader {
  private let folder: URL
  private let format: InkFileFormat?
  private var files: [(url: URL, format: InkFileFormat)]
  private var nextFile = 0
  private var current: (reader: any CorpusReader, url: URL, format: InkFileFormat)?

  /// Lists the folder's files; with a `format`, only files of that format's extensions.
  public init(folder: URL, format: InkFileFormat? = nil) throws {
    self.folder = folder.standardizedFileURL
    self.format = format
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else {
      throw InkFormatError(.malformed, "cannot list the folder", file: folder.path)
    }
    var found: [(url: URL, format: InkFileFormat)] = []
    for case let url as URL in enumerator {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      let fileExtension = url.pathExtension.lowercased()
      if let format {
        if format.fileExtensions.contains(fileExtension) { found.append((url, format)) }
      } else if InkFileFormat.allCases.contains(where: { $0.fileExtensions.contains(fileExtension) }
      ),
        let detected = InkFileFormat.detect(
          head: try InkFileFormat.head(of: url), fileExtension: fileExtension)
      {
        found.append((url, detected))
      }
    }
    files = found.sorted { $0.url.path < $1.url.path }
  }

  /// How many files the corpus reads.
  public var fileCount: Int { files.count }

  public mutating func next() throws -> CorpusRecord? {
    while true {
      if var open = current {
        let record: CorpusRecord?
        do {
          record = try open.reader.next()
        } catch let error as InkFormatError {
          current = open
          throw error.located(file: open.url.path)
        }
        current = open
        if var record {
          if !open.format.holdsCorpus { record.key = relativeKey(open.url) }
          return record
        }
        current = nil
      }
      guard nextFile < files.count else { return nil }
      let file = files[nextFile]
      nextFile += 1
      do {
        current = (try file.format.codec.openCorpus(at: file.url), file.url, file.format)
      } catch let error as InkFormatError {
        throw error.located(file: file.url.path)
      }
    }
  }

  /// The file's path below the folder, without its extension.
  private func relativeKey(_ url: URL) -> String {
    let path = url.standardizedFileURL.deletingPathExtension().path
    let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
  }
}
