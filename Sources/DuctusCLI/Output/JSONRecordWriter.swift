import _DuctusSupport
import Foundation

/// Streams encodable records to an output as one JSON array (`--format json`) or as one JSON
/// object a line (`--format ndjson`), with sorted keys so that output is byte-for-byte
/// repeatable.
///
/// The array is written as records arrive (`[` with the first record, one record a line, `]`),
/// so a corpus never has to be held in memory and a command that fails before its first record
/// prints nothing.
package struct JSONRecordWriter {
  private let sink: OutputSink
  private let isArray: Bool
  private let encoder: JSONEncoder
  private var count = 0

  /// Starts writing; `format` must be `.json` or `.ndjson`.
  package init(to sink: OutputSink, format: OutputFormat) {
    precondition(format == .json || format == .ndjson, "JSONRecordWriter writes JSON")
    self.sink = sink
    self.isArray = format == .json
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// Writes one record.
  package mutating func write<Record: Encodable>(_ record: Record) throws {
    let data = try encoder.encode(record)
    if isArray { sink.write(count == 0 ? "[\n  " : ",\n  ") }
    sink.write(data)
    if !isArray { sink.write("\n") }
    count += 1
  }

  /// Ends the array (nothing for NDJSON).
  package func finish() {
    if isArray { sink.write(count == 0 ? "[]\n" : "\n]\n") }
  }
}
