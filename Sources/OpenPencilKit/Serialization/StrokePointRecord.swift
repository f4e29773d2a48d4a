import Foundation

/// A stroke point as PencilKit's binary format stores it: each channel quantized to its wire
/// type (see ``StrokePointChannel``).
///
/// `init(_:)` quantizes as PencilKit does, by truncation (the largest code whose value does not
/// exceed the point's value; a tolerance of 10⁻⁷ of a step makes a decoded value re-encode to its
/// own code despite floating-point rounding). `point` decodes. Channels 4 and 10, whose meaning is
/// unknown, are kept here but have no place in ``PKStrokePoint``; the point's `threshold` has no
/// known channel and is not stored. A record of a nine-channel path has no secondary width
/// (`hasSecondaryWidth` false) and stands for a secondary scale of 1.
struct StrokePointRecord: Sendable {
  var x: Float = 0
  var y: Float = 0
  var timeOffset: Float = 0
  var width: Float = 0
  var aspect: UInt16 = 1000
  var unknown4: UInt16 = 0
  var force: UInt16 = 1000
  var azimuth: UInt16 = 32767
  var altitude: UInt16 = 0
  var opacity: UInt16 = 32767
  var secondaryWidth: Float = 0
  var unknown10: UInt16 = 0
  /// Whether `secondaryWidth` was stored; without it the secondary scale is 1.
  var hasSecondaryWidth = true

  /// A record of default values, to be filled by ``read(_:from:at:)``.
  init() {}

  /// Quantizes a point. Always inlined: the writer calls it once a point, and left to itself
  /// the optimizer calls it (and `code(_:)`) out of line, about a tenth more instructions for
  /// the writer (callgrind, 2 million points).
  @inline(__always)
  init(_ point: PKStrokePoint) {
    x = Float(point.location.x)
    y = Float(point.location.y)
    timeOffset = Float(point.timeOffset)
    width = Float(point.size.width)
    aspect = point.size.width == 0 ? 1000 : Self.code(point.size.height / point.size.width * 1000)
    force = Self.code(point.force * 1000)
    azimuth = Self.code((Self.wrappedAzimuth(point.azimuth) + .pi) / .pi * 65535 / 2)
    altitude = Self.code((1 - point.altitude / (.pi / 2)) * 65535)
    opacity = Self.code(point.opacity * 65535 / 2)
    secondaryWidth = Float(point.size.width * point.secondaryScale)
  }

  /// The point the record stands for (a secondary scale of 1 when the width is 0 or the
  /// secondary width was not stored).
  var point: PKStrokePoint {
    let decodedWidth = CGFloat(width)
    return PKStrokePoint(
      location: CGPoint(x: CGFloat(x), y: CGFloat(y)), timeOffset: TimeInterval(timeOffset),
      size: CGSize(width: decodedWidth, height: decodedWidth * CGFloat(aspect) / 1000),
      opacity: 2 * CGFloat(opacity) / 65535, force: CGFloat(force) / 1000,
      azimuth: (2 * CGFloat(azimuth) / 65535) * .pi - .pi,
      altitude: (1 - CGFloat(altitude) / 65535) * .pi / 2,
      secondaryScale: width == 0 || !hasSecondaryWidth ? 1 : CGFloat(secondaryWidth) / decodedWidth)
  }

  /// Reads one channel at `offset` and steps past it. The caller has checked that the
  /// channel's bytes lie within the buffer.
  mutating func read(
    _ channel: StrokePointChannel, from bytes: UnsafeRawBufferPointer, at offset: inout Int
  ) {
    func float(_ at: Int) -> Float {
      Float(
        bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
    }
    func code(_ at: Int) -> UInt16 {
      UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))
    }
    switch channel {
    case .location:
      x = float(offset)
      y = float(offset + 4)
    case .timeOffset: timeOffset = float(offset)
    case .width: width = float(offset)
    case .aspect: aspect = code(offset)
    case .unknown4: unknown4 = code(offset)
    case .force: force = code(offset)
    case .azimuth: azimuth = code(offset)
    case .altitude: altitude = code(offset)
    case .opacity: opacity = code(offset)
    case .secondaryWidth: secondaryWidth = float(offset)
    case .unknown10: unknown10 = code(offset)
    }
    offset += channel.byteCount
  }

  /// Writes one channel's little-endian bytes at `offset` and steps past them. The caller has
  /// made room for the channel's bytes.
  func write(
    _ channel: StrokePointChannel, to bytes: UnsafeMutableRawBufferPointer, at offset: inout Int
  ) {
    func store<T: FixedWidthInteger>(_ value: T, _ at: Int) {
      bytes.storeBytes(of: value.littleEndian, toByteOffset: at, as: T.self)
    }
    switch channel {
    case .location:
      store(x.bitPattern, offset)
      store(y.bitPattern, offset + 4)
    case .timeOffset: store(timeOffset.bitPattern, offset)
    case .width: store(width.bitPattern, offset)
    case .aspect: store(aspect, offset)
    case .unknown4: store(unknown4, offset)
    case .force: store(force, offset)
    case .azimuth: store(azimuth, offset)
    case .altitude: store(altitude, offset)
    case .opacity: store(opacity, offset)
    case .secondaryWidth: store(secondaryWidth.bitPattern, offset)
    case .unknown10: store(unknown10, offset)
    }
    offset += channel.byteCount
  }

  /// The records' channels packed one record after another, each in the order given, as in a
  /// path's constant block and point records.
  static func packed(_ records: [StrokePointRecord], channels: [StrokePointChannel]) -> [UInt8] {
    let stride = channels.reduce(0) { $0 + $1.byteCount }
    var bytes = [UInt8](repeating: 0, count: records.count * stride)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      for record in records {
        for channel in channels { record.write(channel, to: buffer, at: &offset) }
      }
    }
    return bytes
  }

  /// Whether two records store the same bytes in a channel.
  func hasSameValue(as other: StrokePointRecord, in channel: StrokePointChannel) -> Bool {
    switch channel {
    case .location: x.bitPattern == other.x.bitPattern && y.bitPattern == other.y.bitPattern
    case .timeOffset: timeOffset.bitPattern == other.timeOffset.bitPattern
    case .width: width.bitPattern == other.width.bitPattern
    case .aspect: aspect == other.aspect
    case .unknown4: unknown4 == other.unknown4
    case .force: force == other.force
    case .azimuth: azimuth == other.azimuth
    case .altitude: altitude == other.altitude
    case .opacity: opacity == other.opacity
    case .secondaryWidth: secondaryWidth.bitPattern == other.secondaryWidth.bitPattern
    case .unknown10: unknown10 == other.unknown10
    }
  }

  /// The u16 code of a value in steps, truncated and clamped to `0…65535` (NaN gives 0).
  @inline(__always)
  static func code(_ steps: CGFloat) -> UInt16 {
    guard steps > 0 else { return 0 }
    guard steps < 65535 else { return 65535 }
    return UInt16((steps + 1e-7).rounded(.down))
  }

  /// An azimuth within `−π…π`, unchanged when already there.
  static func wrappedAzimuth(_ azimuth: CGFloat) -> CGFloat {
    guard azimuth.isFinite, !(-CGFloat.pi...CGFloat.pi).contains(azimuth) else { return azimuth }
    let turn = 2 * CGFloat.pi
    return azimuth - turn * ((azimuth + .pi) / turn).rounded(.down)
  }
}
