import InkFormats
import _DuctusSupport

extension InkFileFormat {
  /// Whether Ductus writes this format; the others are only read (their codecs keep the
  /// default writers, which throw). `ductus formats` shows it and `convert` checks it first, so
  /// that a read-only format is refused for what it is.
  package var isWritable: Bool {
    switch self {
    case .ductusJSON, .ductusNDJSON, .inkML, .pencilKit, .signatureXML: true
    case .quickDraw, .unipen, .dollarGesture, .svc2004, .kanjiVG, .hershey: false
    }
  }

  /// The formats Ductus writes, by name: `ductus-json, ductus-ndjson, inkml, pkdrawing, signature-xml`.
  package static var writableNames: String {
    allCases.filter(\.isWritable).map(\.rawValue).joined(separator: ", ")
  }
}
