/// The eleven per-point channels of a stroke path in PencilKit's binary format, by their bit in
/// the path's channel masks.
///
/// A path stores each channel either once for all points (the constant block) or once a point
/// (the point records); in both places the channels come in ascending bit order, packed without
/// padding. Layout from inkterop's `docs/formats/pencilkit.md` (2026), checked here against
/// blobs written by Apple's PencilKit on macOS 26 and by iPads since 2019. Older PencilKit
/// versions write only the first nine or ten channels (``PencilKitBinaryLayout``).
enum StrokePointChannel: Int, CaseIterable, Sendable {
  /// `x`, `y` as two float32.
  case location = 0
  /// Seconds since the path's creation date, float32.
  case timeOffset = 1
  /// The ink's width, float32.
  case width = 2
  /// The height as thousandths of the width, u16.
  case aspect = 3
  /// A u16 channel of unknown meaning, 0 in every blob seen (PencilKit's own name for it is
  /// `edgeWidth`, in tenths; no public API sets or reads it).
  case unknown4 = 4
  /// The force in thousandths, u16.
  case force = 5
  /// The azimuth: `v` maps to `(2v/65535)·π − π` radians, u16.
  case azimuth = 6
  /// The altitude: `v` maps to `(1 − v/65535)·π/2` radians, u16.
  case altitude = 7
  /// The opacity: `v` maps to `2v/65535`, u16.
  case opacity = 8
  /// The secondary width, `width × secondaryScale`, float32 (PencilKit's `radius2`); absent
  /// from nine-channel drawings.
  case secondaryWidth = 9
  /// A u16 channel of unknown meaning, 0 in every blob seen; absent from nine- and ten-channel
  /// drawings.
  case unknown10 = 10

  /// The mask of every channel this implementation knows: the current, eleven-channel layout.
  static let allChannelsMask = 0x7FF

  /// The channel's bit in a mask.
  var mask: Int { 1 << rawValue }

  /// How many bytes the channel takes.
  var byteCount: Int {
    switch self {
    case .location: 8
    case .timeOffset, .width, .secondaryWidth: 4
    case .aspect, .unknown4, .force, .azimuth, .altitude, .opacity, .unknown10: 2
    }
  }

  /// The channels of a mask, in ascending bit order.
  static func channels(in mask: Int) -> [StrokePointChannel] {
    allCases.filter { mask & $0.mask != 0 }
  }

  /// The bytes the channels of a mask take together.
  static func byteCount(of mask: Int) -> Int {
    channels(in: mask).reduce(0) { $0 + $1.byteCount }
  }
}
