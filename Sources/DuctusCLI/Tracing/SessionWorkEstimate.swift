import Foundation
import InkTracing
import OpenPencilKit
import _DuctusSupport

/// How much work an attempt would give the tracing scorer, estimated from its control points
/// before it is scored, so that `ductus trace session` refuses a request that would hold the
/// session for minutes (see ``SessionLimits``).
///
/// The scorer's costs, and what bounds them here:
/// - the `strokes` method resamples the placed ink every hundredth of a box height and compares
///   each sample with the template: bounded by ``inkLength`` (in box heights);
/// - the `coverage` method samples the template every 5 canvas units (so a template placed
///   huge, by `fit` on an attempt with one far-off point or by a large `X,Y,W,H`, has millions
///   of samples) and compares each with every sample of the attempt: bounded by
///   ``coverageWork``;
/// - an eraser mask cuts its stroke edge by edge: bounded by ``maskWork``.
///
/// The placement is computed as `TracingScene` computes it (`box` as it is, `canvas` scaled
/// by the box's height over the rectangle's, `fit` scaled so that the attempt's bounding box
/// has the template strokes' diagonal), from the control points with each stroke's transform
/// rather than the spline samples; the limits are far enough from real attempts for the
/// difference not to matter.
struct SessionWorkEstimate: Hashable, Sendable {
  /// The placed ink's length in box heights (infinite when the coordinates overflow).
  var inkLength: Double
  /// Template samples times attempt samples for the `coverage` method.
  var coverageWork: Double
  /// Points times mask vertices, summed over strokes.
  var maskWork: Int

  /// The most template-sample–attempt-sample pairs the `coverage` method may compare: about
  /// 15 s in a debug build, a second in a release build.
  static let maximumCoverageWork = 100_000_000.0
  /// The spline samples the scorer takes a control-point segment (`parametricStep(0.2)`).
  static let samplesPerSegment = 5.0
  /// The coverage method's template sample spacing, in canvas units.
  static let coverageSpacing = 5.0

  /// The estimate for an attempt against a template.
  init(of drawing: PKDrawing, template: TracingTemplate, placement: TracingPlacement) {
    var length = 0.0
    var points = 0
    var maskWork = 0
    var (minX, minY) = (Double.infinity, Double.infinity)
    var (maxX, maxY) = (-Double.infinity, -Double.infinity)
    for stroke in drawing.strokes {
      let vertices = stroke.mask?.polygons.reduce(0) { $0 + $1.count } ?? 0
      let (product, overflow) = vertices.multipliedReportingOverflow(by: stroke.path.count)
      maskWork = overflow ? Int.max : maskWork.addingReportingOverflow(product).partialValue
      points += stroke.path.count
      var previous: CGPoint?
      for point in stroke.path {
        let p = point.location.applying(stroke.transform)
        if let previous { length += hypot(Double(p.x - previous.x), Double(p.y - previous.y)) }
        previous = p
        (minX, minY) = (min(minX, Double(p.x)), min(minY, Double(p.y)))
        (maxX, maxY) = (max(maxX, Double(p.x)), max(maxY, Double(p.y)))
      }
    }
    self.maskWork = maskWork < 0 ? Int.max : maskWork
    var templateLength = 0.0
    var (tMinX, tMinY) = (Double.infinity, Double.infinity)
    var (tMaxX, tMaxY) = (-Double.infinity, -Double.infinity)
    for stroke in template.strokes {
      for (k, p) in stroke.points.enumerated() {
        if k > 0 {
          let q = stroke.points[k - 1]
          templateLength += hypot(Double(p.x - q.x), Double(p.y - q.y))
        }
        (tMinX, tMinY) = (min(tMinX, Double(p.x)), min(tMinY, Double(p.y)))
        (tMaxX, tMaxY) = (max(tMaxX, Double(p.x)), max(tMaxY, Double(p.y)))
      }
    }
    let templateDiagonal = tMinX <= tMaxX ? hypot(tMaxX - tMinX, tMaxY - tMinY) : 0
    var unit = Double(template.box.height)
    if !(unit > 0), tMinX <= tMaxX { unit = max(tMaxX - tMinX, tMaxY - tMinY) }
    let scale: Double
    switch placement {
    case .box:
      scale = 1
    case .canvas(let rect):
      scale = Double(template.box.height / rect.height)
    case .fit:
      let attemptDiagonal = minX <= maxX ? hypot(maxX - minX, maxY - minY) : 0
      scale = attemptDiagonal > 0 && templateDiagonal > 0 ? templateDiagonal / attemptDiagonal : 1
    }
    guard unit > 0, unit.isFinite else {
      // A template without a size is the scorer's to refuse.
      (inkLength, coverageWork) = (0, 0)
      return
    }
    let placedLength = length * scale / unit
    inkLength = length == 0 ? 0 : placedLength.isNaN ? .infinity : placedLength
    let templateSamples =
      templateLength / scale / Self.coverageSpacing
      + Double(template.strokes.count)
    let attemptSamples = Double(points) * Self.samplesPerSegment
    let work = templateSamples * attemptSamples
    coverageWork = points == 0 ? 0 : work.isNaN ? .infinity : work
  }

  /// Refuses an estimate over the limits.
  ///
  /// - Throws: ``SessionRequestError`` naming the limit.
  func check(method: TracingMethod, limits: SessionLimits) throws(SessionRequestError) {
    if maskWork > SessionLimits.maximumMaskWork {
      throw SessionRequestError(
        "attempt: its eraser masks would cut its strokes \(maskWork) times (points × mask "
          + "vertices), over the session's limit of \(SessionLimits.maximumMaskWork)")
    }
    guard inkLength <= limits.maximumInkLength else {
      throw SessionRequestError(
        "attempt: its ink is \(Self.describe(inkLength)) box heights long once placed, over "
          + "the session's limit of \(JSONTextWriter.number(limits.maximumInkLength)) "
          + "(--max-ink-length); are its coordinates those of the placement?")
    }
    if method == .coverage, !(coverageWork <= Self.maximumCoverageWork) {
      throw SessionRequestError(
        "attempt: the coverage method would compare \(Self.describe(coverageWork)) pairs of "
          + "samples, over the session's limit of \(Int(Self.maximumCoverageWork)) (the "
          + "template is placed far larger than the attempt's canvas: a point far off, or a "
          + "large placement)")
    }
  }

  /// A count for a message, capped: a length of 1e300 has no `Int`.
  private static func describe(_ value: Double) -> String {
    value.isFinite && value < 1e12 ? "\(Int(value.rounded(.up)))" : "more than 10^12"
  }
}
