import Foundation

/// A folder of drawing files read as one corpus: every file below it whose format is known,
/// in path order, hidden files and files of no known format skipped.
///
/// A record from a single-drawing file is keyed by its path below the folder without the
/// extension (`digits/seven`); records of corpus files keep their own keys.
///
/// Symbolic links to files are read like the files (keyed by the link's path); links to
/// folders are not followed unless `followsFolderLinks` (each real folder is then read once).
///
/// A file that cannot be read does not end the corpus: `next()` throws one `InkFormatError` for
/// it, naming the file (its path) and a record, and carries on with the next file on the next
/// call. Such files are those with a known extension that are empty, unreadable (a dangling
/// link, a file without read permission) or whose reader fails as a whole; the record of such
/// a whole-file failure is the file's path below the folder. A failure of one record of a
/// corpus file keeps the record its reader gave it, and the reader goes on with that file.
public struct FolderCorpusReader: CorpusReader {
  private enum Entry {
    case file(URL, InkFileFormat)
    case failed(URL, InkFormatError)
  }

  private let folder: URL
  private let format: InkFileFormat?
  private let limits: InkReadLimits
  private var files: [(relativePath: String, entry: Entry)]
  private var nextFile = 0
  private var current:
    (reader: any CorpusReader, url: URL, relativePath: String, format: InkFileFormat)?

  /// Lists the folder's files; with a `format`, only files of that format's extensions.
  /// `followsFolderLinks` follows symbolic links to folders (even out of the tree). Every
  /// file's records are checked against `limits` (see <doc:ReadLimits>).
  public init(
    folder: URL, format: InkFileFormat? = nil, followsFolderLinks: Bool = false,
    limits: InkReadLimits = .default
  ) throws {
    self.folder = folder.standardizedFileURL
    self.format = format
    self.limits = limits
    let extensions = Set((format.map { [$0] } ?? InkFileFormat.allCases).flatMap(\.fileExtensions))
    let listing: CorpusFiles
    do {
      listing = try CorpusFiles(
        root: folder, accept: { CorpusFiles.hasExtension($0, in: extensions) },
        followsFolderLinks: followsFolderLinks)
    } catch {
      throw InkFormatError(.malformed, "cannot list the folder", file: folder.path)
    }
    var found: [(relativePath: String, entry: Entry)] = []
    for file in listing.entries {
      let path = file.url.path
      if let problem = file.problem {
        found.append(
          (
            file.relativePath,
            .failed(
              file.url, InkFormatError(.malformed, problem, file: path, record: file.relativePath))
          ))
        continue
      }
      if let format {
        found.append((file.relativePath, .file(file.url, format)))
        continue
      }
      do {
        let head = try InkFileFormat.head(of: file.url)
        if let detected = InkFileFormat.detect(
          head: head, fileExtension: file.url.pathExtension.lowercased())
        {
          found.append((file.relativePath, .file(file.url, detected)))
        }
      } catch let error as InkFormatError {
        found.append(
          (
            file.relativePath,
            .failed(file.url, error.located(file: path, record: file.relativePath))
          ))
      }
    }
    files = found
  }

  /// How many files the corpus reads (with those that will fail).
  public var fileCount: Int { files.count }

  public mutating func next() throws -> CorpusRecord? {
    while true {
      if var open = current {
        let record: CorpusRecord?
        do {
          record = try open.reader.next()
        } catch let error as InkFormatError where error.record != nil {
          current = open
          throw error.located(file: open.url.path)
        } catch {
          // The file failed as a whole: report it in its place and go on with the next one.
          current = nil
          throw Self.wholeFileFailure(error, url: open.url, relativePath: open.relativePath)
        }
        current = open
        if var record {
          if !open.format.holdsCorpus { record.key = Self.key(open.relativePath) }
          return record
        }
        current = nil
      }
      guard nextFile < files.count else { return nil }
      let (relativePath, entry) = files[nextFile]
      nextFile += 1
      switch entry {
      case .failed(_, let error):
        throw error
      case .file(let url, let format):
        do {
          current = (
            try InkFileFormat.openFile(at: url, as: format, limits: limits), url, relativePath,
            format
          )
        } catch {
          throw Self.wholeFileFailure(error, url: url, relativePath: relativePath)
        }
      }
    }
  }

  /// A failure of a whole file as an error naming the file and, as its record, the file's path
  /// below the folder (so that a batch logs it as a failed record and carries on).
  private static func wholeFileFailure(_ error: any Error, url: URL, relativePath: String)
    -> InkFormatError
  {
    guard let error = error as? InkFormatError else {
      return InkFormatError(
        .malformed, "cannot read the file (\(error.localizedDescription))", file: url.path,
        record: relativePath)
    }
    return error.located(file: url.path, record: error.record ?? relativePath)
  }

  /// The key of a single-drawing file's record: its path below the folder, without its
  /// extension.
  private static func key(_ relativePath: String) -> String {
    guard let dot = relativePath.lastIndex(of: "."),
      !relativePath[dot...].contains("/"), dot != relativePath.startIndex
    else { return relativePath }
    return String(relativePath[..<dot])
  }
}
