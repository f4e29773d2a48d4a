/// The words a tracing report says to a child, in one language: a message for every code, the
/// verdict words, and the labels of the feedback picture.
///
/// Codes stay the same in every language, so an app can switch on them and show these words (or
/// its own). Ductus has English, Spanish and French:
///
/// ```swift
/// let scorer = TracingScorer(messages: .named("es") ?? .english)
/// let catalog = TracingMessageCatalog.forEnvironment(ProcessInfo.processInfo.environment)
/// ```
public struct TracingMessageCatalog: Hashable, Sendable {
  /// The labels of the feedback picture's legend.
  public enum PictureLabel: String, Hashable, Sendable, CaseIterable {
    /// Ink within the tolerance.
    case onTheLine
    /// Ink beyond it.
    case offTheLine
    /// Ink that is not part of the letter.
    case extra
    /// Strokes or hooks not drawn.
    case missing
    /// The arrows of a stroke drawn backwards.
    case wayYouWent
    /// The numbered start dots.
    case startHere
    /// The child's own order, on the ink.
    case orderYouDrew
  }

  /// The language's code (`en`, `es`, `fr`).
  public var language: String
  /// A message for every code.
  public var messages: [TracingCode: String]
  /// The words of every verdict.
  public var verdicts: [TracingVerdict: String]
  /// The picture's labels.
  public var pictureLabels: [PictureLabel: String]

  /// A catalog; every code, verdict and label should have its words (``message(_:)`` falls back
  /// to English).
  public init(
    language: String, messages: [TracingCode: String], verdicts: [TracingVerdict: String],
    pictureLabels: [PictureLabel: String]
  ) {
    self.language = language
    self.messages = messages
    self.verdicts = verdicts
    self.pictureLabels = pictureLabels
  }

  /// The message of a code.
  public func message(_ code: TracingCode) -> String {
    messages[code] ?? Self.english.messages[code] ?? code.rawValue
  }

  /// The words of a verdict.
  public func words(_ verdict: TracingVerdict) -> String {
    verdicts[verdict] ?? Self.english.verdicts[verdict] ?? verdict.rawValue
  }

  /// A label of the picture.
  public func label(_ label: PictureLabel) -> String {
    pictureLabels[label] ?? Self.english.pictureLabels[label] ?? label.rawValue
  }

  /// The catalogs Ductus has.
  public static let all: [TracingMessageCatalog] = [.english, .spanish, .french]

  /// The catalog of a language code or a locale name (`es`, `fr_FR.UTF-8`, `en-GB`), or `nil`.
  public static func named(_ name: String) -> TracingMessageCatalog? {
    let language = name.lowercased().prefix { $0.isLetter }
    return all.first { $0.language == language }
  }

  /// The catalog the environment asks for, as `gettext` reads it: `LC_ALL`, then
  /// `LC_MESSAGES`, then `LANG`; English when none names a language Ductus has.
  public static func forEnvironment(_ environment: [String: String]) -> TracingMessageCatalog {
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      return named(value) ?? .english
    }
    return .english
  }

  /// English.
  public static let english = TracingMessageCatalog(
    language: "en",
    messages: [
      .ok: "Well done!",
      .missing: "Draw this stroke too.",
      .extra: "Leave out this extra line: it is not part of the letter.",
      .wrongOrder: "Draw the strokes in the numbered order.",
      .reversed: "Start at the green dot and follow the arrow.",
      .badStart: "Start at the green dot.",
      .badEnd: "Stop at the end of the line.",
      .shape: "Look at the shape again and follow the line.",
      .tooShort: "Keep going to the end of the line.",
      .tooLong: "Stop when you reach the end of the line.",
      .outOfBounds: "Stay inside the box.",
      .wobbly: "Try a smooth, steady line.",
      .hookMissing: "Don't forget the little hook at the end.",
      .offPath: "Stay on the line.",
      .checkpointMissed: "Go through every part of the line.",
      .split: "Try to draw this stroke without lifting the pencil.",
      .joined: "Lift the pencil between these strokes.",
    ],
    verdicts: [
      .excellent: "excellent", .good: "good", .keepPractising: "keep practising",
      .tryAgain: "try again", .missing: "missing", .extra: "extra",
    ],
    pictureLabels: [
      .onTheLine: "on the line", .offTheLine: "off the line", .extra: "extra",
      .missing: "missing", .wayYouWent: "the way you went",
      .startHere: "start here, in this order", .orderYouDrew: "the order you drew",
    ])

  /// Spanish.
  public static let spanish = TracingMessageCatalog(
    language: "es",
    messages: [
      .ok: "¡Muy bien!",
      .missing: "Dibuja también este trazo.",
      .extra: "Quita esta línea de más: no es parte de la letra.",
      .wrongOrder: "Dibuja los trazos en el orden de los números.",
      .reversed: "Empieza en el punto verde y sigue la flecha.",
      .badStart: "Empieza en el punto verde.",
      .badEnd: "Para al final de la línea.",
      .shape: "Mira otra vez la forma y sigue la línea.",
      .tooShort: "Sigue hasta el final de la línea.",
      .tooLong: "Para cuando llegues al final de la línea.",
      .outOfBounds: "Quédate dentro del recuadro.",
      .wobbly: "Intenta hacer una línea suave y firme.",
      .hookMissing: "No olvides el ganchito del final.",
      .offPath: "Quédate sobre la línea.",
      .checkpointMissed: "Pasa por todas las partes de la línea.",
      .split: "Intenta hacer este trazo sin levantar el lápiz.",
      .joined: "Levanta el lápiz entre estos trazos.",
    ],
    verdicts: [
      .excellent: "excelente", .good: "bien", .keepPractising: "sigue practicando",
      .tryAgain: "inténtalo otra vez", .missing: "falta", .extra: "de más",
    ],
    pictureLabels: [
      .onTheLine: "sobre la línea", .offTheLine: "fuera de la línea", .extra: "de más",
      .missing: "falta", .wayYouWent: "por donde fuiste",
      .startHere: "empieza aquí, en este orden", .orderYouDrew: "el orden en que dibujaste",
    ])

  /// French.
  public static let french = TracingMessageCatalog(
    language: "fr",
    messages: [
      .ok: "Bravo !",
      .missing: "Trace aussi ce trait.",
      .extra: "Enlève ce trait en trop : il ne fait pas partie de la lettre.",
      .wrongOrder: "Trace les traits dans l'ordre des numéros.",
      .reversed: "Commence au point vert et suis la flèche.",
      .badStart: "Commence au point vert.",
      .badEnd: "Arrête-toi au bout de la ligne.",
      .shape: "Regarde encore la forme et suis la ligne.",
      .tooShort: "Continue jusqu'au bout de la ligne.",
      .tooLong: "Arrête-toi quand tu arrives au bout de la ligne.",
      .outOfBounds: "Reste dans le cadre.",
      .wobbly: "Essaie de tracer une ligne douce et régulière.",
      .hookMissing: "N'oublie pas le petit crochet à la fin.",
      .offPath: "Reste sur la ligne.",
      .checkpointMissed: "Passe par toutes les parties de la ligne.",
      .split: "Essaie de tracer ce trait sans lever le crayon.",
      .joined: "Lève le crayon entre ces traits.",
    ],
    verdicts: [
      .excellent: "excellent", .good: "bien", .keepPractising: "continue à t'entraîner",
      .tryAgain: "essaie encore", .missing: "manquant", .extra: "en trop",
    ],
    pictureLabels: [
      .onTheLine: "sur la ligne", .offTheLine: "hors de la ligne", .extra: "en trop",
      .missing: "manquant", .wayYouWent: "le sens que tu as suivi",
      .startHere: "commence ici, dans cet ordre", .orderYouDrew: "l'ordre que tu as suivi",
    ])
}
