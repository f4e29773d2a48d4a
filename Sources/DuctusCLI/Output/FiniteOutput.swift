import Foundation
import InkSampling

/// The check every computed value passes before a command writes it: no command writes `NaN`,
/// `Infinity` or `inf` as data, in JSON, NDJSON, CSV, text or `.npy` (see "Read limits and
/// number ranges" in InkFormats).
///
/// Readers refuse numbers that are not finite, so computed values are finite but for
/// arithmetic that leaves the range of a `Double`; a value that is not is a failure of the
/// record it belongs to (or of the whole result when it belongs to no one record, such as a
/// principal component), naming it, exit 65.
enum FiniteOutput {
  /// The sentence that ends every such failure.
  static let refusal = "is not a finite number, and ductus writes no NaN or infinity"

  /// The offset and value of the first number of `values` that is not finite.
  static func firstNonFinite(_ values: some Sequence<Double>) -> (offset: Int, value: Double)? {
    for (offset, value) in values.enumerated() where !value.isFinite {
      return (offset, value)
    }
    return nil
  }

  /// Refuses a series with a value that is not finite, naming the channel and the sample.
  static func check(_ series: SampleBuffer) throws(CommandFailure) {
    for channel in series.channels {
      if let (offset, value) = firstNonFinite(series[channel] ?? []) {
        throw CommandFailure(
          .malformedInput, "the \(channel.name) of sample \(offset) is \(value), which \(refusal)")
      }
    }
  }

  /// The reason of a JSON encoder's refusal of a number that is not finite, naming the field
  /// by its coding path (`report.strokes.2.score`); `nil` for any other error.
  static func reason(_ error: any Error) -> String? {
    guard case EncodingError.invalidValue(let value, let context) = error,
      let number = value as? any BinaryFloatingPoint
    else { return nil }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    let field = path.isEmpty ? "a value" : "field \"\(path.joined(separator: "."))\""
    return "\(field) is \(number), which \(refusal)"
  }
}
