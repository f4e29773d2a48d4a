import Foundation

/// The file formats Ductus reads and writes, each backed by an `InkFormatCodec`.
///
/// ```swift
/// let format = try InkFileFormat.detect(url: url)          // by extension, then by content
/// var corpus = try InkFileFormat.openCorpus(at: url)       // a file or a folder of files
/// while let record = try corpus.next() { … }
/// try InkFileFormat.ductusJSON.write(drawing, to: out)
/// ```
///
/// The raw value is the name used on the command line (`--to inkml`). Adding a format is one
/// case here and one line in `codec`.
public enum InkFileFormat: String, CaseIterable, Sendable {
  /// Ductus JSON (`.json`): one drawing, every attribute of the model.
  case ductusJSON = "ductus-json"
  /// Ductus NDJSON (`.ndjson`): a corpus, one record a line.
  case ductusNDJSON = "ductus-ndjson"
  /// Quick, Draw! NDJSON (`.ndjson`), raw or simplified: a corpus, read only.
  case quickDraw = "quickdraw"
  /// InkML (`.inkml`): one drawing with channels X, Y, T, F, OA, OE, W and labels.
  case inkML = "inkml"
  /// PencilKit's binary format (`.pkdrawing`, `.drawing`): one drawing, as an iPad saves it.
  case pencilKit = "pkdrawing"
  /// UNIPEN (`.dat`, `.unp`): a corpus, one record a segment, read only.
  case unipen = "unipen"
  /// The $1 gesture logs (`.xml` with a `<Gesture>`): one gesture, read only.
  case dollarGesture = "dollar-xml"
  /// SVC2004 signatures (`.txt`): one signature, read only.
  case svc2004 = "svc2004"
  /// Signature channels XML (`.xml` in the `urn:ductus:signature-channels:1` namespace): a
  /// corpus of signatures in the channels of ISO/IEC 19794-7.
  case signatureXML = "signature-xml"
  /// KanjiVG stroke-order SVG (`.svg`): one character, read only.
  case kanjiVG = "kanjivg"
  /// Hershey fonts (`.jhf`): a corpus, one record a glyph, read only.
  case hershey = "hershey"

  /// The codec that reads and writes this format.
  public var codec: any InkFormatCodec.Type {
    switch self {
    case .ductusJSON: DuctusJSONCodec.self
    case .ductusNDJSON: DuctusNDJSONCodec.self
    case .quickDraw: QuickDrawCodec.self
    case .inkML: InkMLCodec.self
    case .pencilKit: PencilKitCodec.self
    case .unipen: UnipenCodec.self
    case .dollarGesture: DollarGestureCodec.self
    case .svc2004: SVC2004Codec.self
    case .signatureXML: SignatureXMLCodec.self
    case .kanjiVG: KanjiVGCodec.self
    case .hershey: HersheyCodec.self
    }
  }

  /// The format's name for people.
  public var displayName: String { codec.displayName }

  /// The file extensions, lower case without the dot; the first one names new files.
  public var fileExtensions: [String] { codec.fileExtensions }

  /// Whether a file of this format holds a corpus rather than one drawing.
  public var holdsCorpus: Bool { codec.holdsCorpus }

  /// The format of a command-line name (`ductus-json`, `inkml` …) or an extension (`json`).
  public init?(name: String) {
    let lowered = name.lowercased()
    if let format = InkFileFormat(rawValue: lowered) {
      self = format
    } else if let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) {
      self = format
    } else {
      return nil
    }
  }
}
