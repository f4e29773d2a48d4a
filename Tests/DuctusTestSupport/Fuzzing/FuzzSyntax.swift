/// The shape of a format's bytes, which picks the structural mutations that fit it (varints
/// for PencilKit, header counts for `.npy`, nesting and tokens for JSON and XML, numeric
/// fields and lines for the line formats).
public enum FuzzSyntax: Sendable {
  /// PencilKit's protobuf container: varint counts and length-delimited fields.
  case pencilKitBinary
  /// A `.npy` array: a Python-literal header with a shape, then raw numbers.
  case npy
  /// JSON or NDJSON text.
  case json
  /// XML (InkML, $1 gesture logs, KanjiVG SVG).
  case xml
  /// Line-oriented text with numeric fields (UNIPEN, SVC2004, Hershey).
  case text
}
