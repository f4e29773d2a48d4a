import InkDistances
import InkFeatures
import InkSampling

/// A signature ready for matching: the local functions the matcher compares as one sample
/// buffer (a channel a function), and the global features; checked once, when prepared.
struct PreparedSignature: Sendable {
  /// The compared local functions, channels named after the functions.
  let series: SampleBuffer
  /// The global features, in the order of `GlobalFeatures.names` (none for a barycentre).
  var global: [Double]

  /// Prepares `features` for `matcher`, refusing an empty signature, one longer than
  /// ``SignatureMatcher/maximumSampleCount``, a missing function and a number that is not
  /// finite.
  init(_ features: SignatureFeatures, for matcher: SignatureMatcher, name: String)
    throws(SignatureMatchingError)
  {
    try self.init(features.local, for: matcher, name: name)
    for (feature, value) in zip(GlobalFeatures.names, features.global.values) where !value.isFinite
    {
      throw .nonFiniteFeature(signature: name, name: feature, value: value)
    }
    global = features.global.values
  }

  /// Prepares local functions alone (a mean template's barycentre), with no global features,
  /// refusing what ``init(_:for:name:)`` refuses.
  init(_ local: LocalFunctions, for matcher: SignatureMatcher, name: String)
    throws(SignatureMatchingError)
  {
    guard local.count > 0 else { throw .emptySignature(signature: name) }
    guard local.count <= SignatureMatcher.maximumSampleCount else {
      throw .tooManySamples(
        signature: name, count: local.count, limit: SignatureMatcher.maximumSampleCount)
    }
    var channels: [SampleChannel: [Double]] = [:]
    for function in matcher.comparedFunctions {
      guard let column = local[function] else {
        throw .missingFunction(signature: name, name: function)
      }
      if let bad = column.first(where: { !$0.isFinite }) {
        throw .nonFiniteFeature(signature: name, name: function, value: bad)
      }
      channels[SampleChannel(function)] = column
    }
    let zeros = [Double](repeating: 0, count: local.count)
    let xs = channels.removeValue(forKey: .x) ?? zeros
    let ys = channels.removeValue(forKey: .y) ?? zeros
    do {
      series = try SampleBuffer(xs: xs, ys: ys, extraChannels: channels)
    } catch {
      preconditionFailure("every column of LocalFunctions is count long: \(error)")
    }
    global = []
  }

  /// A prepared signature of the given series and global features.
  init(series: SampleBuffer, global: [Double]) {
    self.series = series
    self.global = global
  }

  /// The number of samples.
  var count: Int { series.count }
}
