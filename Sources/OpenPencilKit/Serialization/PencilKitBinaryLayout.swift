/// The sets of point channels that PencilKit versions write in a stroke path, for
/// ``PKDrawing/dataRepresentation(layout:)``.
///
/// A path stores every channel of its set, each either once a point or once for the whole path.
/// Newer versions added channels at the top of the set and kept the older ones where they were,
/// so the three layouts differ only in their last channels. ``PKDrawing/init(data:)`` reads all
/// three, with any split of the channels; see <doc:PencilKitBinaryFormat> for which drawings were
/// seen with which layout.
///
/// ```swift
/// let data = drawing.dataRepresentation(layout: .tenChannel)  // for an older PencilKit
/// try PKDrawing(data: data) == drawing.quantized(for: .tenChannel)  // true
/// ```
public enum PencilKitBinaryLayout: String, CaseIterable, Hashable, Sendable {
  /// Eleven channels (mask `0x7FF`), as PencilKit writes on macOS 26 and on iPads of 2026.
  case current
  /// Ten channels (mask `0x3FF`): no channel 10, as iPads wrote in 2023 and 2024.
  case tenChannel
  /// Nine channels (mask `0x1FF`): no secondary width and no channel 10, as PencilKit wrote in
  /// 2019 (iPadOS 13). A secondary scale does not survive this layout: it reads back as 1.
  case nineChannel

  /// The number of channels in the set.
  public var channelCount: Int {
    switch self {
    case .current: 11
    case .tenChannel: 10
    case .nineChannel: 9
    }
  }

  /// The mask of the set's channels, the union of a path's per-point and constant masks.
  public var channelMask: Int { (1 << channelCount) - 1 }

  /// The layout whose channel set is `channelMask`, or `nil` when no PencilKit version is known
  /// to write that set.
  public init?(channelMask: Int) {
    switch channelMask {
    case Self.current.channelMask: self = .current
    case Self.tenChannel.channelMask: self = .tenChannel
    case Self.nineChannel.channelMask: self = .nineChannel
    default: return nil
    }
  }

  /// Whether the set has the secondary width (channel 9).
  var hasSecondaryWidth: Bool { channelMask & StrokePointChannel.secondaryWidth.mask != 0 }
}
