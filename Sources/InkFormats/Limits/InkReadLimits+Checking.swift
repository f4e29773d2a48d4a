import Foundation
import OpenPencilKit

extension InkReadLimits {
  /// Refuses a drawing over the limits or holding a number outside its field's range
  /// (`InkValueRange`), naming the stroke, the point and the field (strokes and points count
  /// from 0).
  ///
  /// The registry runs it on every record it reads (``InkFileFormat/openCorpus(at:as:limits:)``),
  /// and the writers on every drawing they write, so that no reader lets a number through that
  /// a kernel, a picture or a file of another format could not take.
  ///
  /// - Complexity: O(n) in the points.
  /// - Throws: ``InkFormatError`` of kind ``InkFormatError/Kind/invalidValue``.
  public func check(_ drawing: PKDrawing) throws(InkFormatError) {
    try checkStrokeCount(drawing.strokes.count)
    var total = 0
    for (index, stroke) in drawing.strokes.enumerated() {
      try checkPointCount(stroke.path.count, stroke: index)
      total += stroke.path.count
      try checkDrawingPointCount(total)
      try InkValueRange.check(stroke, index: index)
    }
  }

  /// What ``maximumStrokePoints`` bounds, after its number in an error.
  static let strokePointsLimit = "points, the limit of points a stroke"

  /// Refuses a drawing of more than ``maximumStrokes`` strokes.
  func checkStrokeCount(_ count: Int) throws(InkFormatError) {
    guard count <= maximumStrokes else {
      throw InkFormatError(
        .invalidValue,
        "the drawing has more than \(maximumStrokes) strokes, the limit of strokes a drawing")
    }
  }

  /// Refuses a stroke of more than ``maximumStrokePoints`` points.
  func checkPointCount(_ count: Int, stroke: Int) throws(InkFormatError) {
    guard count <= maximumStrokePoints else {
      throw InkFormatError(
        .invalidValue,
        "stroke \(stroke) has more than \(maximumStrokePoints) \(Self.strokePointsLimit)")
    }
  }

  /// Refuses a drawing of more than ``maximumDrawingPoints`` points in all.
  func checkDrawingPointCount(_ count: Int) throws(InkFormatError) {
    guard count <= maximumDrawingPoints else {
      throw InkFormatError(
        .invalidValue,
        "the drawing has more than \(maximumDrawingPoints) points, the limit of points a drawing")
    }
  }

  /// Refuses a record of more than ``maximumRecordBytes`` bytes.
  func checkRecordBytes(_ count: Int) throws(InkFormatError) {
    guard count <= maximumRecordBytes else {
      throw InkFormatError(
        .invalidValue,
        "the record takes \(count) bytes, more than \(maximumRecordBytes), the limit of bytes a "
          + "record")
    }
  }
}
