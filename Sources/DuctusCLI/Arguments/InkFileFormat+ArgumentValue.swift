import InkFormats
import _DuctusSupport

extension InkFileFormat: ArgumentValue {
  /// Reads a format name (`ductus-json`) or a file extension (`json`).
  package init?(argument: String) { self.init(name: argument) }

  /// `a format name or extension (see 'ductus formats')`.
  package static var expectation: String { "a format name or extension (see 'ductus formats')" }
}
