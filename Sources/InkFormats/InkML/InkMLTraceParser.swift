/// Parses the text of an InkML `<trace>` byte by byte into one value array per channel.
///
/// Points are separated by commas, values by white space (or by a sign that starts the next
/// value). Each value may carry a prefix that sets its channel's mode until changed (W3C Ink
/// Markup Language, 2011): `!` explicit, `'` first difference (the change from the previous
/// value), `"` second difference (the change of that change). A point may leave out trailing
/// intermittent channels, which then repeat their previous value. The wildcards `?` and `*` and the boolean
/// values `T`/`F` are not supported and are reported with their position.
struct InkMLTraceParser {
  /// How a channel's values are written.
  enum Mode {
    case explicit
    case firstDifference
    case secondDifference
  }

  /// The trace's channels.
  let channels: [InkMLChannel]

  /// One array per channel, of equal length; values in the channels' own units.
  func parse(_ text: [UInt8]) throws -> [[Double]] {
    let count = channels.count
    let required = channels.lastIndex(where: { !$0.isIntermittent }).map { $0 + 1 } ?? 0
    var columns = [[Double]](repeating: [], count: count)
    var modes = [Mode](repeating: .explicit, count: count)
    var last = [Double](repeating: 0, count: count)
    var velocity = [Double](repeating: 0, count: count)
    var point = 0
    return try text.withUnsafeBytes { bytes in
      var position = 0
      func failure(_ message: String) -> InkFormatError {
        InkFormatError(.malformed, "\(message) at character \(position) of the trace")
      }
      func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
          position += 1
        }
      }
      while true {
        skipSpace()
        if position >= bytes.count { break }
        var channel = 0
        while channel < count {
          skipSpace()
          guard position < bytes.count, bytes[position] != 0x2C else { break }
          switch bytes[position] {
          case UInt8(ascii: "!"):
            modes[channel] = .explicit
            position += 1
          case UInt8(ascii: "'"):
            modes[channel] = .firstDifference
            position += 1
          case UInt8(ascii: "\""):
            modes[channel] = .secondDifference
            position += 1
          default: break
          }
          guard let number = Self.number(bytes, at: &position) else {
            throw failure("expected a number")
          }
          let value: Double
          switch modes[channel] {
          case .explicit: value = number
          case .firstDifference: value = last[channel] + number
          case .secondDifference: value = last[channel] + velocity[channel] + number
          }
          velocity[channel] = point == 0 ? 0 : value - last[channel]
          last[channel] = value
          columns[channel].append(value)
          channel += 1
        }
        guard channel >= required else {
          throw failure("point \(point + 1) has \(channel) values for \(required) channels")
        }
        for missing in channel..<count {
          columns[missing].append(last[missing])
          velocity[missing] = 0
        }
        point += 1
        skipSpace()
        if position < bytes.count {
          guard bytes[position] == 0x2C else {
            throw failure("point \(point) has more values than the \(count) channels")
          }
          position += 1
        }
      }
      return columns
    }
  }

  /// A decimal number: JSON's grammar through `DecimalNumberParser`, else the wider XML Schema
  /// forms (`.5`, `+1`, `5.`) through the C library.
  static func number(_ bytes: UnsafeRawBufferPointer, at position: inout Int) -> Double? {
    if let value = DecimalNumberParser.parse(bytes, at: &position) { return value }
    let start = position
    var end = start
    var sawDigit = false
    while end < bytes.count {
      let byte = bytes[end]
      let isSign = byte == 0x2B || byte == 0x2D
      if byte &- 48 < 10 {
        sawDigit = true
      } else if isSign {
        guard end == start || bytes[end - 1] | 0x20 == UInt8(ascii: "e") else { break }
      } else if byte != 0x2E && byte | 0x20 != UInt8(ascii: "e") {
        break
      }
      end += 1
    }
    guard sawDigit else { return nil }
    position = end
    return DecimalNumberParser.correctlyRoundedByLibrary(bytes, start..<end)
  }
}
