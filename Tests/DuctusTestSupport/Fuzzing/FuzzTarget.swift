import InkFormats

/// One reader to fuzz: a format of the registry, read through
/// `InkFileFormat.openCorpus(at:as:)`, or the `.npy` reader the `distances` command uses.
public enum FuzzTarget: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A format of ``InkFileFormat``.
  case reader(InkFileFormat)
  /// `.npy` arrays, read by `NpyArray(data:)`.
  case npy

  /// Every format Ductus reads, then `.npy`.
  public static var allCases: [FuzzTarget] { InkFileFormat.allCases.map(Self.reader) + [.npy] }

  /// The target named `name`: a format's command-line name (`inkml`) or `npy`.
  public init?(name: String) {
    if name == "npy" {
      self = .npy
    } else if let format = InkFileFormat(rawValue: name) {
      self = .reader(format)
    } else {
      return nil
    }
  }

  /// The command-line name (`--from`), `npy` for arrays.
  public var description: String {
    switch self {
    case .reader(let format): format.rawValue
    case .npy: "npy"
    }
  }

  /// The extension the scratch file gets.
  public var fileExtension: String {
    switch self {
    case .reader(let format): format.fileExtensions.first ?? "bin"
    case .npy: "npy"
    }
  }

  /// The structural mutations that fit the format.
  public var syntax: FuzzSyntax {
    switch self {
    case .npy: .npy
    case .reader(.pencilKit): .pencilKitBinary
    case .reader(.ductusJSON), .reader(.ductusNDJSON), .reader(.quickDraw): .json
    case .reader(.inkML), .reader(.dollarGesture), .reader(.kanjiVG), .reader(.signatureXML): .xml
    case .reader: .text
    }
  }
}
