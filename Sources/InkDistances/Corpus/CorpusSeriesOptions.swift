import InkSampling
import OpenPencilKit

/// How a drawing of a corpus becomes one series for corpus-wide maths (distances, PCA): which
/// points, how many, what happens between strokes, and whether size and position are removed.
///
/// ```swift
/// let options = CorpusSeriesOptions(points: 64, penUp: .connect, normalization: .unit)
/// let series = try options.series(of: drawing)   // 64 samples of x, y
/// ```
public struct CorpusSeriesOptions: Hashable, Sendable {
  /// How position and size are taken out before comparison.
  public enum SeriesNormalization: String, Hashable, Sendable, CaseIterable {
    /// Coordinates as drawn.
    case none
    /// The centroid moved to the origin.
    case centroid
    /// The centroid moved to the origin and the RMS radius scaled to 1.
    case unit
  }

  /// The number of samples, or `nil` for the raw control points of every stroke in order.
  public var points: Int?
  /// What happens between strokes when resampling.
  public var penUp: DrawingResampler.PenUpHandling
  /// How position and size are taken out.
  public var normalization: SeriesNormalization

  /// Options; the defaults are 64 samples through the air between strokes, unnormalised.
  public init(
    points: Int? = 64, penUp: DrawingResampler.PenUpHandling = .connect,
    normalization: SeriesNormalization = .none
  ) {
    self.points = points
    self.penUp = penUp
    self.normalization = normalization
  }

  /// The drawing as one series of `x`, `y` (and `t`) samples.
  ///
  /// - Throws: `ResamplingError` for an empty drawing or a NaN coordinate.
  public func series(of drawing: PKDrawing) throws(ResamplingError) -> SampleBuffer {
    let strokes = StrokeSampler().samples(of: drawing).filter { !$0.isEmpty }
    guard !strokes.isEmpty else { throw .empty }
    var series: SampleBuffer
    if let points {
      series = try DrawingResampler(count: points, penUp: penUp).resample(strokes)
    } else {
      series = SampleBuffer(xs: strokes.flatMap(\.xs), ys: strokes.flatMap(\.ys))
      try? series.setChannel(.t, to: strokes.flatMap { $0[.t]! })
    }
    try series.checkedForResampling()
    switch normalization {
    case .none:
      return series
    case .centroid:
      return try Normalization(translation: .centroid).apply(to: series).0
    case .unit:
      return try Normalization(translation: .centroid, scale: .rms).apply(to: series).0
    }
  }
}
