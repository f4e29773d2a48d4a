import Foundation
import OpenPencilKit

/// Turns the model's strokes into ``SampleBuffer``s, once, at the edge: coordinates in drawing
/// space (each stroke's transform applied), masked-out parts removed, time in seconds from the
/// start of the drawing.
///
/// ```swift
/// let sampler = StrokeSampler(mode: .spline(.distance(2)))
/// let pieces = sampler.samples(of: drawing)   // one buffer a visible piece of a stroke
/// ```
///
/// Every buffer carries the channels `x`, `y`, `t`, `force`, `azimuth` and `altitude` (or `x`,
/// `y` and `t` alone without ``keepsPenChannels``). A mask can cut one stroke into several
/// visible pieces; each piece is its own buffer, in stroke order.
public struct StrokeSampler: Sendable {
  /// Which points of a stroke become samples.
  public enum Mode: Hashable, Sendable {
    /// The path's control points as stored (the pen's raw samples).
    case controlPoints
    /// Points of the B-spline at a stride (`PKStrokePath.interpolatedPoints(in:by:)`).
    case spline(PKStrokePath.InterpolatedSlice.Stride)
  }

  /// Which points become samples.
  public var mode: Mode
  /// Whether the buffers carry the pen's `force`, `azimuth` and `altitude` besides `x`, `y` and
  /// `t`; `true` by default. A reader of positions and times only (the shape recognizer) saves
  /// making three channels it would not read.
  public var keepsPenChannels: Bool

  /// A sampler of the given mode, keeping the pen's channels or not (each documented with its
  /// property).
  public init(mode: Mode = .controlPoints, keepsPenChannels: Bool = true) {
    self.mode = mode
    self.keepsPenChannels = keepsPenChannels
  }

  /// The visible pieces of every stroke of a drawing, in z-order; `t` counts from the earliest
  /// stroke's creation date.
  public func samples(of drawing: PKDrawing) -> [SampleBuffer] {
    let origin =
      drawing.strokes.map(\.path.creationDate).min() ?? Date(timeIntervalSinceReferenceDate: 0)
    return drawing.strokes.flatMap { samples(of: $0, timeOrigin: origin) }
  }

  /// The visible pieces of one stroke; `t` counts from `timeOrigin` (the stroke's own creation
  /// date when `nil`).
  public func samples(of stroke: PKStroke, timeOrigin: Date? = nil) -> [SampleBuffer] {
    let path = stroke.path
    guard !path.isEmpty else { return [] }
    let start = path.creationDate.timeIntervalSince(timeOrigin ?? path.creationDate)
    return stroke.maskedPathRanges.map { range in
      switch mode {
      case .controlPoints:
        buffer(controlPoints(of: path, in: range), transform: stroke.transform, timeShift: start)
      case .spline(let stride):
        buffer(
          path.interpolatedPoints(in: range, by: stride), transform: stroke.transform,
          timeShift: start)
      }
    }
  }

  /// The control points whose parameter lies in `range`, with the range's ends interpolated
  /// when a mask cuts between control points.
  func controlPoints(of path: PKStrokePath, in range: ClosedRange<CGFloat>) -> [PKStrokePoint] {
    if range == path.parametricRange { return path.controlPoints }
    var points: [PKStrokePoint] = []
    let first = Int(range.lowerBound.rounded(.up))
    let last = Int(range.upperBound.rounded(.down))
    if CGFloat(first) != range.lowerBound {
      points.append(path.interpolatedPoint(at: range.lowerBound))
    }
    if first <= last { points += path[first...last] }
    if CGFloat(last) != range.upperBound {
      points.append(path.interpolatedPoint(at: range.upperBound))
    }
    return points
  }

  /// The channels of a sequence of points, collected in one pass (the pen's three only when
  /// ``keepsPenChannels``).
  func buffer(
    _ points: some Sequence<PKStrokePoint>, transform: CGAffineTransform,
    timeShift: TimeInterval
  ) -> SampleBuffer {
    let n = points.underestimatedCount
    let pen = keepsPenChannels
    var (xs, ys, ts) = ([Double](), [Double](), [Double]())
    var (force, azimuth, altitude) = ([Double](), [Double](), [Double]())
    xs.reserveCapacity(n)
    ys.reserveCapacity(n)
    ts.reserveCapacity(n)
    if pen {
      force.reserveCapacity(n)
      azimuth.reserveCapacity(n)
      altitude.reserveCapacity(n)
    }
    for point in points {
      let location = point.location.applying(transform)
      xs.append(Double(location.x))
      ys.append(Double(location.y))
      ts.append(point.timeOffset + timeShift)
      if pen {
        force.append(Double(point.force))
        azimuth.append(Double(point.azimuth))
        altitude.append(Double(point.altitude))
      }
    }
    let channels: [SampleChannel: [Double]] =
      pen ? [.t: ts, .force: force, .azimuth: azimuth, .altitude: altitude] : [.t: ts]
    // The channels are built with equal lengths, so this cannot throw.
    return (try? SampleBuffer(xs: xs, ys: ys, extraChannels: channels))
      ?? SampleBuffer(xs: xs, ys: ys)
  }
}
