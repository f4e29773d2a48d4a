import Foundation
import _DuctusSupport

/// Streams encodable records to an output as one JSON array (`--format json`) or as one JSON
/// object a line (`--format ndjson`), with sorted keys so that output is byte-for-byte
/// repeatable (`SortedJSONEncoder`: Foundation's bytes, faster).
///
/// The array is written as records arrive (`[` with the first record, one record a line, `]`),
/// so a corpus never has to be held in memory and a command that fails before its first record
/// prints nothing.
package struct JSONRecordWriter {
  private let sink: OutputSink
  private let isArray: Bool
  private let encoder = SortedJSONEncoder()
  private var count = 0

  /// Starts writing; `format` must be `.json` or `.ndjson`.
  package init(to sink: OutputSink, format: OutputFormat) {
    precondition(format == .json || format == .ndjson, "JSONRecordWriter writes JSON")
    self.sink = sink
    self.isArray = format == .json
  }

  /// Writes one record.
  package mutating func write<Record: Encodable>(_ record: Record) throws {
    write(encoded: try encoder.encode(record))
  }

  /// Writes one record that `encode(_:)` encoded (on any thread).
  package mutating func write(encoded data: Data) {
    if isArray { sink.write(count == 0 ? "[\n  " : ",\n  ") }
    sink.write(data)
    if !isArray { sink.write("\n") }
    count += 1
  }

  /// A record as one line of JSON, keys sorted, as `write(_:)` writes it.
  package static func encode<Record: Encodable>(_ record: Record) throws -> Data {
    try SortedJSONEncoder().encode(record)
  }

  /// Ends the array (nothing for NDJSON).
  package func finish() {
    if isArray { sink.write(count == 0 ? "[]\n" : "\n]\n") }
  }
}
