import Foundation
import InkSampling
import OpenPencilKit

/// Computes the features of strokes and drawings: geometry, Rubine's 13 features, kinematics
/// and pen statistics, one ``InkFeatureVector`` a stroke or a drawing.
///
/// ```swift
/// let extractor = InkFeatureExtractor()
/// let strokes = try extractor.strokeFeatures(of: drawing)   // one vector a pen-down run
/// let whole = try extractor.drawingFeatures(of: drawing)    // the strokes concatenated
/// whole["strokeCount"]                                      // strokes.count
/// ```
///
/// A stroke is a pen-down run as ``SignatureSamples`` gives it (a stroke that a mask cuts
/// counts as several; empty strokes are skipped). The drawing's vector applies the same
/// formulas to the concatenated path where a formula needs one path (geometry, Rubine, pen),
/// pools the strokes' resampled steps for the kinematics (no speed across a pen-up), and
/// totals the pen-ups. See <doc:StrokeAndDrawingFeatures> for each formula and its source.
///
/// - Complexity: O(n + d / ``resamplingInterval``) for n samples over a duration of d seconds,
///   at most ``maximumResampledPoints`` resampled points a stroke.
public struct InkFeatureExtractor: Hashable, Sendable {
  /// The seconds between the points each stroke is resampled at, uniformly in time, for the
  /// speed, acceleration, jerk and pause features (10 ms, 100 Hz, by default).
  public var resamplingInterval: Double
  /// The speed, in drawing units a second, under which a resampled step is still.
  public var pauseSpeed: Double
  /// The shortest run of still steps, in seconds, that counts as a pause.
  public var minimumPause: Double

  /// The most points a stroke is resampled at: a longer stroke is resampled at
  /// `duration / maximumResampledPoints` seconds instead, which bounds the work of a stroke
  /// with a stray clock.
  public static let maximumResampledPoints = 100_000

  /// An extractor with the given resampling and pause parameters.
  public init(resamplingInterval: Double = 0.01, pauseSpeed: Double = 5, minimumPause: Double = 0.1)
  {
    self.resamplingInterval = resamplingInterval
    self.pauseSpeed = pauseSpeed
    self.minimumPause = minimumPause
  }

  /// The features' names, a stable order, the same for strokes and drawings: geometry, Rubine
  /// (`rubine1` … `rubine13`), kinematics, pen-ups, pen.
  public static let names: [String] =
    [
      "length", "width", "height", "diagonal", "aspect", "closure", "totalTurning",
      "totalAbsoluteTurning", "meanCurvature", "sdCurvature", "sharpness",
    ] + (0..<8).map { "direction\($0)" } + (1...13).map { "rubine\($0)" }
    + [
      "duration", "meanSpeed", "sdSpeed", "maxSpeed", "meanAcceleration", "sdAcceleration",
      "maxAcceleration", "meanJerk", "sdJerk", "maxJerk", "pauseCount", "pauseTime",
      "strokeCount", "inAirTime", "inAirLength",
      "meanForce", "sdForce", "maxForce", "meanAzimuth", "sdAzimuth", "meanAltitude",
      "sdAltitude",
    ]

  /// The features of each stroke of a drawing, in stroke order.
  ///
  /// - Throws: ``SignatureFeatureError/nonFiniteSample(channel:index:value:)`` for a NaN or
  ///   infinite number in the drawing.
  public func strokeFeatures(of drawing: PKDrawing) throws(SignatureFeatureError)
    -> [InkFeatureVector]
  {
    strokeFeatures(of: try SignatureSamples(drawing: drawing))
  }

  /// The features of a whole drawing.
  ///
  /// - Throws: ``SignatureFeatureError/nonFiniteSample(channel:index:value:)`` for a NaN or
  ///   infinite number in the drawing.
  public func drawingFeatures(of drawing: PKDrawing) throws(SignatureFeatureError)
    -> InkFeatureVector
  {
    drawingFeatures(of: try SignatureSamples(drawing: drawing))
  }

  /// The features of each stroke (``SignatureSamples/strokeRanges``) of the samples. A
  /// stroke's pen-up features are those of the pen-up before it (0 for the first).
  public func strokeFeatures(of samples: SignatureSamples) -> [InkFeatureVector] {
    samples.strokeRanges.indices.map { k in
      let range = samples.strokeRanges[k]
      let penUp =
        k == 0 ? (0, 0) : Self.penUp(samples, from: samples.strokeRanges[k - 1], to: range)
      return vector(samples, path: range, strokes: [range], inAir: penUp)
    }
  }

  /// The features of all the samples: one path through every stroke, the pen-ups totalled.
  /// An empty drawing gives zeros.
  public func drawingFeatures(of samples: SignatureSamples) -> InkFeatureVector {
    let ranges = samples.strokeRanges
    var inAir = (time: 0.0, length: 0.0)
    for k in ranges.indices.dropFirst() {
      let penUp = Self.penUp(samples, from: ranges[k - 1], to: ranges[k])
      inAir.time += penUp.time
      inAir.length += penUp.length
    }
    return vector(samples, path: 0..<samples.count, strokes: ranges, inAir: inAir)
  }

  /// The pen-up from the last sample of one stroke to the first of the next: its seconds (0
  /// when the clock steps back) and the distance the pen jumped.
  static func penUp(_ samples: SignatureSamples, from previous: Range<Int>, to next: Range<Int>)
    -> (time: Double, length: Double)
  {
    let a = previous.upperBound - 1
    let b = next.lowerBound
    let dx = samples.xs[b] - samples.xs[a]
    let dy = samples.ys[b] - samples.ys[a]
    return (max(0, samples.ts[b] - samples.ts[a]), (dx * dx + dy * dy).squareRoot())
  }

  /// The vector of one path (geometry, Rubine, pen) with the kinematics of `strokes`.
  func vector(
    _ samples: SignatureSamples, path: Range<Int>, strokes: [Range<Int>],
    inAir: (time: Double, length: Double)
  ) -> InkFeatureVector {
    typealias S = SeriesStatistics
    var values = Self.geometry(xs: samples.xs, ys: samples.ys, path: path)
    values += Self.rubine(xs: samples.xs, ys: samples.ys, ts: samples.ts, path: path)
    values += kinematics(samples, strokes: strokes)
    values += [Double(strokes.count), inAir.time, inAir.length]
    let forces = samples.forces[path]
    values += [
      S.mean(forces), S.standardDeviation(forces), S.maximum(forces),
      S.mean(samples.azimuths[path]), S.standardDeviation(samples.azimuths[path]),
      S.mean(samples.altitudes[path]), S.standardDeviation(samples.altitudes[path]),
    ]
    return InkFeatureVector(values: values)
  }
}
