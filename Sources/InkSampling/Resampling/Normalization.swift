import Foundation
import OpenPencilKit

/// Translation, scale and rotation normalisation of a series, with the transform that undoes it.
///
/// The steps run in the order rotate (about the centroid), translate, scale:
/// - rotation by the *indicative angle*, the angle from the centroid to the first sample, so that
///   it becomes 0 (the $1 recognizer, Wobbrock, Wilson and Li 2007);
/// - translation of the centroid or the first sample to the origin;
/// - scale so that the bounding box fits a square of side `size` (uniformly, keeping the aspect
///   ratio, or non-uniformly as $1 does), the root-mean-square distance from the origin is 1, or
///   the path length is 1.
///
/// ```swift
/// let (normalised, transform) = try Normalization.dollarOne.apply(to: buffer)
/// let back = normalised.applying(transform.inverted())
/// ```
public struct Normalization: Hashable, Sendable {
  /// Where the series is moved.
  public enum Translation: Hashable, Sendable {
    case none
    /// The mean of the samples to the origin.
    case centroid
    /// The first sample to the origin.
    case firstPoint
  }

  /// How the series is sized.
  public enum Scale: Hashable, Sendable {
    case none
    /// The bounding box into a square of side `size`; `uniform` keeps the aspect ratio.
    case boundingBox(size: Double, uniform: Bool)
    /// Root-mean-square distance of the samples from the origin (after translation) to 1.
    case rms
    /// Path length to 1.
    case pathLength
  }

  /// How the series is turned.
  public enum Rotation: Hashable, Sendable {
    case none
    /// The angle from the centroid to the first sample becomes 0.
    case indicativeAngle
  }

  /// How position is taken out.
  public var translation: Translation
  /// How size is taken out.
  public var scale: Scale
  /// How orientation is taken out.
  public var rotation: Rotation

  /// A normalisation of the given steps.
  public init(
    translation: Translation = .centroid, scale: Scale = .none, rotation: Rotation = .none
  ) {
    self.translation = translation
    self.scale = scale
    self.rotation = rotation
  }

  /// The $1 recognizer's normalisation: indicative angle, square of side 250 (non-uniform),
  /// centroid at the origin.
  public static let dollarOne = Normalization(
    translation: .centroid, scale: .boundingBox(size: 250, uniform: false),
    rotation: .indicativeAngle)

  /// The normalised series (every other channel unchanged) and the transform that was applied;
  /// its `inverted()` maps the result back.
  ///
  /// Degenerate sizes (a single point, a zero-length series, a side under 1e-12 of the other)
  /// leave the scale along that dimension at 1 rather than dividing by zero.
  public func apply(to buffer: SampleBuffer) throws(ResamplingError) -> (
    SampleBuffer, CGAffineTransform
  ) {
    try buffer.checkedForResampling()
    var transform = CGAffineTransform.identity
    let n = Double(buffer.count)
    let cx = buffer.xs.reduce(0, +) / n
    let cy = buffer.ys.reduce(0, +) / n
    if rotation == .indicativeAngle {
      let angle = atan2(buffer.ys[0] - cy, buffer.xs[0] - cx)
      transform = CGAffineTransform(translationX: -cx, y: -cy)
        .concatenating(CGAffineTransform(rotationAngle: -angle))
        .concatenating(CGAffineTransform(translationX: cx, y: cy))
    }
    var current = buffer.applying(transform)
    switch translation {
    case .none: break
    case .centroid:
      transform = transform.concatenating(CGAffineTransform(translationX: -cx, y: -cy))
    case .firstPoint:
      transform = transform.concatenating(
        CGAffineTransform(translationX: -current.xs[0], y: -current.ys[0]))
    }
    current = buffer.applying(transform)
    var sx = 1.0
    var sy = 1.0
    switch scale {
    case .none: break
    case .boundingBox(let size, let uniform):
      var width = current.xs.max()! - current.xs.min()!
      var height = current.ys.max()! - current.ys.min()!
      // A side below 1e-12 of the other is rounding left by the rotation: a line, not a box.
      if width < 1e-12 * height { width = 0 }
      if height < 1e-12 * width { height = 0 }
      if uniform {
        let side = max(width, height)
        if side > 0 {
          sx = size / side
          sy = sx
        }
      } else {
        if width > 0 { sx = size / width }
        if height > 0 { sy = size / height }
      }
    case .rms:
      let meanSquare = zip(current.xs, current.ys).reduce(0) { $0 + $1.0 * $1.0 + $1.1 * $1.1 } / n
      if meanSquare > 0 {
        sx = 1 / meanSquare.squareRoot()
        sy = sx
      }
    case .pathLength:
      let length = current.pathLength
      if length > 0 {
        sx = 1 / length
        sy = sx
      }
    }
    transform = transform.concatenating(CGAffineTransform(scaleX: sx, y: sy))
    return (buffer.applying(transform), transform)
  }
}

extension SampleBuffer {
  /// The series with `xs`, `ys` mapped through an affine transform; other channels unchanged.
  public func applying(_ transform: CGAffineTransform) -> SampleBuffer {
    var result = self
    let a = Double(transform.a)
    let b = Double(transform.b)
    let c = Double(transform.c)
    let d = Double(transform.d)
    let tx = Double(transform.tx)
    let ty = Double(transform.ty)
    try? result.setChannel(.x, to: zip(xs, ys).map { a * $0 + c * $1 + tx })
    try? result.setChannel(.y, to: zip(xs, ys).map { b * $0 + d * $1 + ty })
    return result
  }
}
