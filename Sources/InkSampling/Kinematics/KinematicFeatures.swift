import Foundation

/// Per-sample pen kinematics of a series: velocity, acceleration, jerk, curvature and the
/// path-tangent angle, the local features of on-line signature and handwriting analysis.
///
/// Every derivative is a ``RegressionDerivative`` of the one before (Fierrez-Aguilar et al.
/// 2005). With a `samplingInterval` the rates are per second, otherwise per sample. The
/// tangent angle `θ = atan2(ẏ, ẋ)` is unwrapped so that it varies continuously; the curvature
/// is `(ẋÿ − ẏẍ) / (ẋ² + ẏ²)^{3/2}`, 0 where the pen stands still.
public struct KinematicFeatures: Sendable {
  /// The channels this adds to a buffer.
  public static let channels: [SampleChannel] = [
    .vx, .vy, .speed, .ax, .ay, .acceleration, .jerk, .curvature, .tangentAngle,
  ]

  /// The derivative used at every order.
  public var derivative: RegressionDerivative
  /// Seconds between samples, for per-second rates; `nil` for per-sample rates.
  public var samplingInterval: Double?

  /// Features with the given derivative and sampling interval.
  public init(
    derivative: RegressionDerivative = RegressionDerivative(), samplingInterval: Double? = nil
  ) {
    self.derivative = derivative
    self.samplingInterval = samplingInterval
  }

  /// The buffer with the kinematic channels added.
  ///
  /// - Throws: ``ResamplingError/nonFiniteSample(channel:index:)`` for NaN or infinite
  ///   coordinates, ``ResamplingError/invalidParameter(_:)`` for a non-positive interval.
  public func adding(to buffer: SampleBuffer) throws(ResamplingError) -> SampleBuffer {
    do { try buffer.checkFinite([.x, .y]) } catch { throw ResamplingError(error) }
    let dt = samplingInterval ?? 1
    guard dt > 0, dt.isFinite else {
      throw .invalidParameter("the sampling interval must be positive, not \(dt)")
    }
    func d(_ values: [Double]) -> [Double] { derivative.apply(values).map { $0 / dt } }
    let vx = d(buffer.xs)
    let vy = d(buffer.ys)
    let ax = d(vx)
    let ay = d(vy)
    let jx = d(ax)
    let jy = d(ay)
    let speed = zip(vx, vy).map { ($0 * $0 + $1 * $1).squareRoot() }
    let curvature = buffer.xs.indices.map { i -> Double in
      let cube = speed[i] * speed[i] * speed[i]
      return cube > 0 ? (vx[i] * ay[i] - vy[i] * ax[i]) / cube : 0
    }
    var angle = zip(vy, vx).map { atan2($0, $1) }
    for i in angle.indices.dropFirst() {
      let step = angle[i] - angle[i - 1]
      angle[i] -= 2 * .pi * (step / (2 * .pi)).rounded()
    }
    var result = buffer
    let values: [SampleChannel: [Double]] = [
      .vx: vx, .vy: vy, .speed: speed, .ax: ax, .ay: ay,
      .acceleration: zip(ax, ay).map { ($0 * $0 + $1 * $1).squareRoot() },
      .jerk: zip(jx, jy).map { ($0 * $0 + $1 * $1).squareRoot() },
      .curvature: curvature, .tangentAngle: angle,
    ]
    for channel in Self.channels { try? result.setChannel(channel, to: values[channel]!) }
    return result
  }
}
