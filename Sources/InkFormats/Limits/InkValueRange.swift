import Foundation
import OpenPencilKit

/// The range each number of the drawing model must lie in when it is read or written (see
/// <doc:ReadLimits>).
///
/// Every number is finite. Coordinates, times, sizes, scales, transforms and mask vertices are
/// at most ``largestMagnitude`` in magnitude, since PencilKit keeps them as 32-bit floats and a
/// larger value would become infinity in its files. Widths, heights and forces are not negative;
/// opacity lies in `0…2` and altitude in `0…π/2`, as ``PKStrokePoint`` defines them. The
/// creation date is any finite number of seconds.
enum InkValueRange {
  /// The largest magnitude of a number PencilKit stores as a 32-bit float.
  static let largestMagnitude = Double(Float.greatestFiniteMagnitude)

  /// The rule a field's values follow, for the error message.
  enum Rule {
    /// Finite, at most ``largestMagnitude`` in magnitude.
    case float
    /// Finite, from 0 to ``largestMagnitude``.
    case nonNegative
    /// Finite, within a closed range.
    case within(ClosedRange<Double>)
    /// Finite.
    case finite

    /// Whether `value` follows the rule.
    @inline(__always)
    func admits(_ value: Double) -> Bool {
      switch self {
      case .float: abs(value) <= InkValueRange.largestMagnitude
      case .nonNegative: value >= 0 && value <= InkValueRange.largestMagnitude
      case .within(let range): range.contains(value)
      case .finite: value.isFinite
      }
    }

    /// The rule in words.
    var description: String {
      switch self {
      case .float: "a finite number of magnitude at most 3.4028235e38"
      case .nonNegative: "a finite number from 0 to 3.4028235e38"
      case .within(let range): "a number from \(range.lowerBound) to \(range.upperBound)"
      case .finite: "a finite number"
      }
    }
  }

  /// Refuses the first number of a drawing outside its range, as a writer does before it
  /// writes a record.
  static func check(_ drawing: PKDrawing, record: String) throws(InkFormatError) {
    for (index, stroke) in drawing.strokes.enumerated() {
      do {
        try check(stroke, index: index)
      } catch {
        var located = error
        located.record = record
        throw located
      }
    }
  }

  /// Refuses the first number of a stroke outside its range, naming it as
  /// `field "force" of stroke 2 point 7: -1 is out of range (…)`.
  static func check(_ stroke: PKStroke, index: Int) throws(InkFormatError) {
    let t = stroke.transform
    for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] where !Rule.float.admits(value) {
      throw failure("transform", of: "stroke \(index)", value, .float)
    }
    let date = stroke.path.creationDate.timeIntervalSinceReferenceDate
    guard Rule.finite.admits(date) else {
      throw failure("creationDate", of: "stroke \(index)", date, .finite)
    }
    for polygon in stroke.mask?.polygons ?? [] {
      for vertex in polygon where !Rule.float.admits(vertex.x) || !Rule.float.admits(vertex.y) {
        let value = Rule.float.admits(vertex.x) ? vertex.y : vertex.x
        throw failure("mask", of: "stroke \(index)", value, .float)
      }
    }
    for (number, point) in stroke.path.enumerated() {
      if let (field, value, rule) = problem(of: point) {
        throw failure(field, of: "stroke \(index) point \(number)", value, rule)
      }
    }
  }

  /// The first field of a point outside its range, with its value and rule.
  @inline(__always)
  static func problem(of point: PKStrokePoint) -> (String, Double, Rule)? {
    let fields: (Double, Double, Double, Double, Double) = (
      point.location.x, point.location.y, point.timeOffset, point.size.width, point.size.height
    )
    if !Rule.float.admits(fields.0) { return ("x", fields.0, .float) }
    if !Rule.float.admits(fields.1) { return ("y", fields.1, .float) }
    if !Rule.float.admits(fields.2) { return ("t", fields.2, .float) }
    if !Rule.nonNegative.admits(fields.3) { return ("width", fields.3, .nonNegative) }
    if !Rule.nonNegative.admits(fields.4) { return ("height", fields.4, .nonNegative) }
    let opacity = Double(point.opacity)
    if !(opacity >= 0 && opacity <= 2) { return ("opacity", opacity, .within(0...2)) }
    let force = Double(point.force)
    if !Rule.nonNegative.admits(force) { return ("force", force, .nonNegative) }
    let azimuth = Double(point.azimuth)
    if !Rule.float.admits(azimuth) { return ("azimuth", azimuth, .float) }
    let altitude = Double(point.altitude)
    if !(altitude >= 0 && altitude <= .pi / 2) {
      return ("altitude", altitude, .within(0...(Double.pi / 2)))
    }
    let secondaryScale = Double(point.secondaryScale)
    if !Rule.float.admits(secondaryScale) { return ("secondaryScale", secondaryScale, .float) }
    let threshold = Double(point.threshold)
    if !Rule.float.admits(threshold) { return ("threshold", threshold, .float) }
    return nil
  }

  /// The error for a value out of range.
  static func failure(_ field: String, of place: String, _ value: Double, _ rule: Rule)
    -> InkFormatError
  {
    InkFormatError(
      .invalidValue,
      "field \"\(field)\" of \(place): \(value.isNaN ? "nan" : "\(value)") is out of range "
        + "(\(rule.description))")
  }
}
