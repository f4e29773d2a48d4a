import Foundation
import OpenPencilKit

/// Reads UNIPEN corpora (the International Unipen Foundation's exchange format for on-line
/// handwriting, Guyon et al. 1994): each `.SEGMENT` is one record, labelled with its text.
///
/// `UnipenReader(url:)` takes a file or a folder. A folder is read file by file in path order:
/// its `.dat` and `.unp` files, skipping folders named `include`, which hold what `.INCLUDE`
/// pulls in (the layout of the UNIPEN CD-ROM, where `data/1a/apa/apa00/app0032.dat` includes
/// `apa/data/apa00/app0032.dat` from `include/`). A file without segments (an included data
/// file read on its own) is one unlabelled record of all its components.
///
/// Components are numbered as the UNIPEN format definition numbers them: every `.PEN_DOWN`
/// and every `.PEN_UP` block that holds samples, from 0 in stream order across the file and its
/// includes. How a segment becomes a drawing:
/// - one stroke a pen-down component (or the part of it the delineation names);
/// - the pen-up (hover) components it names are in-air trajectories, not ink: they never
///   become strokes, and go to the metadata entry ``inAirMetadataKey`` (see there);
/// - coordinates in tablet units with y flipped, `Y_DIM − y` when `.Y_DIM` is declared and
///   `−y` otherwise, because UNIPEN's y axis points up and the model's down;
/// - point times from `.POINTS_PER_SECOND` (100 a second assumed when it is missing, and the
///   metadata say `samplingRate: assumed`), counting pen-up samples and `.DT` pauses; each
///   stroke's path starts at its first sample's time after the reference date, so the gaps
///   between the strokes of a segment are kept.
///
/// The key is `<relative path>#<segment number>` (from 0 in file order), the label the segment's
/// text, and the metadata `level`, `delineation`, `quality`, `writer` (`.WRITER_ID`), `style`,
/// `xPointsPerInch`, `yPointsPerInch` and `samplingRate` where the file declares them.
///
/// `.INCLUDE`s stay inside the distribution (the nearest folder above the file with `data/`
/// beside `include/`, else the folder read) and the include directories given: absolute paths,
/// `..` above the folder a path is resolved in and symbolic links out of it are refused, and an
/// include tree is capped by ``UnipenIncludeLimits`` (10,000 files, 1 GiB by default).
///
/// ```swift
/// var reader = try UnipenReader(url: URL(fileURLWithPath: "unipen-apa/data/1a"))
/// while let record = try reader.next() { print(record.key, record.label ?? "") }
/// ```
public struct UnipenReader: CorpusReader {
  /// The sampling rate assumed when a file declares none.
  public static let assumedSamplingRate = 100.0

  /// The metadata entry of a record's pen-up (in-air) samples, present only when the segment
  /// names pen-up components that hold samples: one trajectory a component, separated by `;`,
  /// each a list of `x y t` samples separated by `,`, in the coordinates of the strokes (y
  /// flipped) with `t` in seconds from the reference date (to the microsecond), on the clock of the strokes' creation
  /// dates. The drawing model has no place for hover samples that is not a stroke, and a record's
  /// metadata travels with it through every corpus format that keeps metadata.
  public static let inAirMetadataKey = "inAir"

  private var files: CorpusFiles
  private let includeDirectories: [URL]
  private let root: URL?
  private let limits: UnipenIncludeLimits
  private var document: UnipenDocument?
  private var documentName = ""
  private var nextSegment = 0

  /// Opens a UNIPEN file or folder; `includeDirectories` are searched first for `.INCLUDE`d
  /// files, and `includeLimits` caps what one file may include.
  public init(
    url: URL, includeDirectories: [URL] = [], includeLimits: UnipenIncludeLimits = .standard
  ) throws {
    files = try CorpusFiles(
      root: url, accept: { CorpusFiles.hasExtension($0, in: ["dat", "unp"]) },
      descend: { $0.split(separator: "/").last != "include" })
    self.includeDirectories = includeDirectories
    self.limits = includeLimits
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
      isFolder.boolValue
    {
      // The folder read, or the distribution above it (`data/1a` includes from `include/`).
      let folder = url.standardizedFileURL
      root =
        ([folder] + folder.enclosingFolders).first(where: UnipenCodec.isDistribution(folder:))
        ?? folder
    } else {
      root = nil
    }
  }

  /// The next segment, or `nil` after the last file. A file that cannot be read throws once
  /// (an error naming the file and a record: its line, or its path when the whole file failed)
  /// and is skipped on the next call; so is a segment that names components the file lacks.
  public mutating func next() throws -> CorpusRecord? {
    while true {
      if let document, nextSegment < max(document.segments.count, 1) {
        defer { nextSegment += 1 }
        return try Self.record(
          document, segment: document.segments.isEmpty ? nil : nextSegment, name: documentName)
      }
      guard let entry = files.next() else { return nil }
      document = nil
      nextSegment = 0
      documentName = entry.relativePath
      if let problem = entry.problem {
        throw InkFormatError(
          .malformed, problem, file: entry.relativePath, record: entry.relativePath)
      }
      do {
        document = try UnipenDocument(
          url: entry.url, name: entry.relativePath, includeDirectories: includeDirectories,
          root: root, limits: limits)
      } catch var error as InkFormatError {
        error.record = error.record ?? entry.relativePath
        throw error
      } catch {
        throw InkFormatError(
          .malformed, "cannot read the file (\(error.localizedDescription))",
          file: entry.relativePath, record: entry.relativePath)
      }
    }
  }

  /// The records of one file (for a file already in hand; the reader streams them).
  public static func records(
    contentsOf url: URL, name: String? = nil, includeDirectories: [URL] = [],
    includeLimits: UnipenIncludeLimits = .standard
  ) throws -> [CorpusRecord] {
    let name = name ?? url.lastPathComponent
    let document = try UnipenDocument(
      url: url, name: name, includeDirectories: includeDirectories, limits: includeLimits)
    if document.segments.isEmpty { return [try record(document, segment: nil, name: name)] }
    return try document.segments.indices.map { try record(document, segment: $0, name: name) }
  }

  private static func record(_ document: UnipenDocument, segment index: Int?, name: String)
    throws -> CorpusRecord
  {
    let rate = document.number("POINTS_PER_SECOND").flatMap { $0 > 0 ? $0 : nil }
    let yDimension = document.number("Y_DIM") ?? 0
    var metadata: [String: String] = [:]
    metadata["writer"] = document.properties["WRITER_ID"]
    metadata["style"] = document.properties["STYLE"]
    metadata["xPointsPerInch"] = document.properties["X_POINTS_PER_INCH"]
    metadata["yPointsPerInch"] = document.properties["Y_POINTS_PER_INCH"]
    metadata["samplingRate"] = rate.map { String(format: "%g", $0) } ?? "assumed"
    let samplesPerSecond = rate ?? assumedSamplingRate

    var pieces: [(component: Int, points: Range<Int>)] = []
    var key = name
    var label: String?
    if let index {
      let segment = document.segments[index]
      key += "#\(index)"
      label = segment.label
      metadata["level"] = segment.level
      metadata["delineation"] = segment.delineation
      metadata["quality"] = segment.quality
      for span in segment.spans {
        guard span.lastComponent < document.components.count else {
          throw InkFormatError(
            .invalidValue,
            "segment \(index) names component \(span.lastComponent), but the file has "
              + "\(document.components.count)", file: name, record: "line \(segment.line)")
        }
        for component in span.firstComponent...span.lastComponent {
          let count = document.components[component].points.count
          let first = component == span.firstComponent ? span.firstPoint ?? 0 : 0
          let last = component == span.lastComponent ? span.lastPoint ?? count - 1 : count - 1
          guard first <= last + 1, last < count else {
            throw InkFormatError(
              .invalidValue,
              "segment \(index) names points \(first)–\(last) of component \(component), which "
                + "has \(count)", file: name, record: "line \(segment.line)")
          }
          pieces.append((component, first..<(last + 1)))
        }
      }
    } else {
      pieces = document.components.indices.map { ($0, document.components[$0].points.indices) }
    }

    var strokes: [PKStroke] = []
    var inAir: [String] = []
    for piece in pieces where !piece.points.isEmpty {
      let component = document.components[piece.component]
      let start =
        Double(component.samplesBefore + piece.points.lowerBound) / samplesPerSecond
        + component.pauseMilliseconds / 1000
      guard component.isPenDown else {
        inAir.append(
          piece.points.map { index in
            // To the microsecond, so that the text reads as the clock ticks (0.06, not
            // 0.060000000000000005).
            let time =
              ((start + Double(index - piece.points.lowerBound) / samplesPerSecond) * 1e6)
              .rounded() / 1e6
            return "\(component.points[index].x) \(yDimension - component.points[index].y) \(time)"
          }.joined(separator: ","))
        continue
      }
      let points = piece.points.map { index in
        ImportedStroke.point(
          x: component.points[index].x, y: yDimension - component.points[index].y,
          time: Double(index - piece.points.lowerBound) / samplesPerSecond)
      }
      strokes.append(ImportedStroke.stroke(points, startTime: start))
    }
    if !inAir.isEmpty { metadata[inAirMetadataKey] = inAir.joined(separator: ";") }
    return CorpusRecord(
      key: key, label: label, metadata: metadata, drawing: PKDrawing(strokes: strokes))
  }
}
