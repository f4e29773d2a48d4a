import Foundation
import InkFigures
import InkRender
import InkTracing
import _DuctusSupport

/// The folder `ductus trace session` writes feedback pictures into, the one the operator named
/// with `--pictures DIR`; requests give a file name in it, never a path.
///
/// - A name is 1 to ``maximumNameLength`` bytes of `A-Z a-z 0-9 . _ -`, does not start with a
///   dot, and ends in `.png`, `.svg` or `.pdf` (in any case), which gives the format.
/// - A picture never replaces a file: the bytes go to a temporary file in the folder
///   (`.<name>.tmp-<pid>-<host>-XXXXXX`, removed however the session ends, as every temporary
///   file), which is then hard-linked to the name (`link(2)` fails when the name exists, even
///   as a dangling link) and removed. Readers see the whole picture or none; a name that exists
///   is refused, and the answer's `pictureError` says so.
/// - A picture over ``maximumPixelCount`` pixels, or wider or higher than Cairo allows (ink
///   far off the template), is not drawn.
struct SessionPictures {
  /// The longest picture name, in bytes.
  static let maximumNameLength = 128
  /// The most pixels a picture may have: 4096 × 4096, 64 MiB of image.
  static let maximumPixelCount = 4096 * 4096

  /// The folder, links resolved.
  let folder: URL

  /// The pictures folder a command line names.
  ///
  /// - Throws: `CommandFailure` (exit 74) when it is not a writable folder.
  init(folder path: String) throws(CommandFailure) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { throw CommandFailure(.ioError, "\(path): no such pictures folder") }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw CommandFailure(.ioError, "\(path): permission denied")
    }
    folder = URL(fileURLWithPath: path, isDirectory: true).resolvingSymlinksInPath()
  }

  /// The format of a picture name.
  ///
  /// - Throws: ``SessionRequestError`` when the text is not a picture name.
  static func format(of name: String) throws(SessionRequestError) -> RenderFormat {
    let isNameByte: (UInt8) -> Bool = {
      ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E
        || $0 == 0x5F || $0 == 0x2D
    }
    let utf8 = name.utf8
    guard !utf8.isEmpty, utf8.count <= maximumNameLength, utf8.allSatisfy(isNameByte),
      utf8.first != 0x2E, let dot = name.lastIndex(of: "."),
      let format = RenderFormat(pathExtension: String(name[name.index(after: dot)...]))
    else {
      throw SessionRequestError(
        "picture: \(SessionRequestError.quoted(name)) is not a picture name: a file name of "
          + "letters, digits, '.', '_' and '-' (not starting with '.', at most "
          + "\(maximumNameLength) bytes) ending in .png, .svg or .pdf")
    }
    return format
  }

  /// Whether a name is taken in the folder (by anything, a dangling link included).
  func exists(_ name: String) -> Bool {
    let path = folder.appendingPathComponent(name).path
    return (try? FileManager.default.attributesOfItem(atPath: path)) != nil
  }

  /// Draws a report's feedback picture and writes it under a name.
  ///
  /// - Throws: ``SessionRequestError`` saying why there is no picture (its message is the
  ///   answer's `pictureError`).
  func write(_ feedback: TracingFeedback, format: RenderFormat, named name: String)
    throws(SessionRequestError)
  {
    guard !exists(name) else { throw Self.taken(name) }
    let region = FeedbackPicture.region(of: feedback)
    let width = region.width * FeedbackPicture.scale
    let height = region.height * FeedbackPicture.scale
    let side = Double(Canvas.maximumSide)
    guard width.isFinite, height.isFinite, width <= side, height <= side,
      width * height <= Double(Self.maximumPixelCount)
    else {
      // Sides are printed capped: a side of 1e300 pixels has no `Int`.
      func side(_ value: Double) -> String {
        value.isFinite && value < 1e12 ? "\(Int(value.rounded(.up)))" : "more than 10^12"
      }
      throw SessionRequestError(
        "the picture would be \(side(width)) × \(side(height)) pixels, over the session's "
          + "limit of \(Self.maximumPixelCount) pixels and \(Canvas.maximumSide) a side (the ink "
          + "is far outside the template)")
    }
    let bytes: Data
    do {
      bytes = try FeedbackPicture.render(feedback, format: format)
    } catch {
      throw SessionRequestError("the picture cannot be drawn: \(error)")
    }
    try place(bytes, named: name)
  }

  /// Writes bytes under a name that must not exist yet: into a temporary file of the folder
  /// (named and cleaned up as every temporary file is, see `TemporaryFiles`), then linked.
  private func place(_ bytes: Data, named name: String) throws(SessionRequestError) {
    let destination = folder.appendingPathComponent(name).path
    var temporary: String?
    defer { if let temporary { TemporaryFiles.remove(temporary) } }
    do {
      let (descriptor, path) = try TemporaryFiles.makeFile(beside: destination, replacing: nil)
      temporary = path
      do {
        try bytes.withUnsafeBytes { try Platform.write($0, to: descriptor) }
      } catch {
        Platform.closeQuietly(descriptor)
        throw error
      }
      try Platform.close(descriptor)
      try FileManager.default.linkItem(atPath: path, toPath: destination)
    } catch CocoaError.fileWriteFileExists {
      throw Self.taken(name)
    } catch {
      throw SessionRequestError(
        "picture \(SessionRequestError.quoted(name)) cannot be written: \(Self.reason(error))")
    }
  }

  /// The error for a name that exists.
  private static func taken(_ name: String) -> SessionRequestError {
    SessionRequestError(
      "picture \(SessionRequestError.quoted(name)) already exists; the session never replaces "
        + "a file")
  }

  /// The system's reason for a failed write, without the paths Foundation's messages carry.
  private static func reason(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return Platform.errorMessage(posix.code.rawValue) }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Platform.errorMessage(Int32(underlying.code))
    }
    return "error \(nsError.code)"
  }
}
