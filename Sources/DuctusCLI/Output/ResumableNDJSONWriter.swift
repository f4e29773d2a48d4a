import InkFormats
import _DuctusSupport

/// A Ductus NDJSON corpus written into the partial output of a resumable run (`convert
/// corpus out.ndjson --resume`): the same lines as `DuctusNDJSONWriter`'s, which
/// `ResumableRun.finish()` moves into place.
struct ResumableNDJSONWriter: CorpusWriter {
  /// The partial output.
  let output: ResumableFile
  private let drawingWriter = DuctusJSONWriter(breaksLinesBetweenStrokes: false)

  /// Writes into `output`.
  init(output: ResumableFile) { self.output = output }

  mutating func write(_ record: CorpusRecord) throws {
    output.sink.write(bytes: DuctusNDJSONWriter.line(for: record, drawingWriter: drawingWriter))
  }

  /// Nothing to do: the run's end moves the file into place.
  mutating func finish() throws {}
}
