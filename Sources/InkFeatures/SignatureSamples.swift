import Foundation
import InkSampling
import OpenPencilKit

/// The pen-down samples of a signature, strokes concatenated in drawing order, in
/// structure-of-arrays layout: what every signature feature is computed from.
///
/// Tablets record nothing while the pen is lifted, so a signature is a run of pen-down samples
/// a stroke; as Fierrez, Ortega-Garcia, Ramos and Gonzalez-Rodriguez (2007) do, the runs are
/// concatenated and the pen-ups are remembered only as the boundaries ``strokeRanges``.
///
/// ```swift
/// let samples = try SignatureSamples(drawing: drawing)
/// samples.count               // pen-down samples over all strokes
/// samples.strokeRanges.count  // strokes; pen-ups = strokes − 1
/// ```
///
/// Coordinates are in drawing units (each stroke's transform applied, masks respected, as
/// `StrokeSampler` gives them), times in seconds from the earliest stroke's creation date,
/// force as `PKStrokePoint.force`, azimuth and altitude in radians.
public struct SignatureSamples: Hashable, Sendable {
  /// The horizontal coordinates.
  public private(set) var xs: [Double] = []
  /// The vertical coordinates (growing downwards, as in PencilKit).
  public private(set) var ys: [Double] = []
  /// The times, in seconds; they may repeat or step back where the device's clock did.
  public private(set) var ts: [Double] = []
  /// The pen force (pressure).
  public private(set) var forces: [Double] = []
  /// The pen azimuth, in radians.
  public private(set) var azimuths: [Double] = []
  /// The pen altitude, in radians.
  public private(set) var altitudes: [Double] = []
  /// The samples of each stroke (pen-down run), in order; none is empty.
  public private(set) var strokeRanges: [Range<Int>] = []

  /// The pen-down samples of a drawing's strokes, in the drawing's stroke order.
  ///
  /// - Throws: ``SignatureFeatureError/nonFiniteSample(channel:index:value:)`` for a NaN or
  ///   infinite number in any channel.
  public init(drawing: PKDrawing) throws(SignatureFeatureError) {
    try self.init(strokes: StrokeSampler(mode: .controlPoints).samples(of: drawing))
  }

  /// The samples of the given strokes, each a buffer with the channels `t`, `force`,
  /// `azimuth` and `altitude` beside `x` and `y` (a missing channel reads as 0); empty
  /// buffers are skipped.
  ///
  /// - Throws: ``SignatureFeatureError/nonFiniteSample(channel:index:value:)`` for a NaN or
  ///   infinite number in any channel.
  public init(strokes: [SampleBuffer]) throws(SignatureFeatureError) {
    for stroke in strokes where !stroke.isEmpty {
      let start = xs.count
      let zeros = [Double](repeating: 0, count: stroke.count)
      xs += stroke.xs
      ys += stroke.ys
      ts += stroke[.t] ?? zeros
      forces += stroke[.force] ?? zeros
      azimuths += stroke[.azimuth] ?? zeros
      altitudes += stroke[.altitude] ?? zeros
      strokeRanges.append(start..<xs.count)
    }
    let channels = [
      ("x", xs), ("y", ys), ("t", ts), ("force", forces), ("azimuth", azimuths),
      ("altitude", altitudes),
    ]
    for (channel, values) in channels {
      if let index = values.firstIndex(where: { !$0.isFinite }) {
        throw .nonFiniteSample(channel: channel, index: index, value: values[index])
      }
    }
  }

  /// The number of pen-down samples.
  public var count: Int { xs.count }

  /// Whether the signature has no sample.
  public var isEmpty: Bool { xs.isEmpty }

  /// The seconds between samples: the median of the positive time steps between consecutive
  /// samples of a stroke (the mean of the two middle ones for an even count), or 1 when no
  /// step is positive (a drawing without timing, or of single points), so that rates are then
  /// per sample. Steps of zero and backward steps are left out, so a clock that repeats or
  /// steps back does not change it.
  public var samplingInterval: Double {
    var steps: [Double] = []
    for range in strokeRanges {
      for i in range.dropLast() where ts[i + 1] > ts[i] { steps.append(ts[i + 1] - ts[i]) }
    }
    guard !steps.isEmpty else { return 1 }
    steps.sort()
    let middle = steps.count / 2
    return steps.count % 2 == 1 ? steps[middle] : (steps[middle - 1] + steps[middle]) / 2
  }
}
