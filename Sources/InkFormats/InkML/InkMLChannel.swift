/// One channel of an InkML `<traceFormat>` (W3C Ink Markup Language, 2011) and how its
/// values map onto a `PKStrokePoint`.
///
/// Known channels: `X`, `Y` (location), `T` (time; units `s`, `ms` (the default) or `us`),
/// `F` (force, as written), `OA` (azimuth) and `OE` (elevation, the model's altitude; units
/// `deg` or `rad` (the default)), and `W` (the ink's width). Other channels are read and
/// dropped.
struct InkMLChannel: Hashable, Sendable {
  /// The channel's name, e.g. `X`.
  var name: String
  /// The `units` attribute, when present.
  var units: String?
  /// Whether the channel was declared in `<intermittentChannels>` (its values may be left out).
  var isIntermittent = false

  /// The factor that turns a value into the model's unit (seconds, radians).
  var scaleToModel: Double {
    switch (name, units?.lowercased()) {
    case ("T", "s"), ("T", "sec"), ("T", "second"), ("T", "seconds"): 1
    case ("T", "us"), ("T", "µs"): 1e-6
    case ("T", _): 1e-3
    case ("OA", "deg"), ("OE", "deg"), ("OA", "degree"), ("OE", "degree"): Double.pi / 180
    default: 1
    }
  }
}
