import CCairo
import Foundation

/// Collects the bytes Cairo writes through a `cairo_write_func_t`, or hands out bytes Cairo reads
/// through a `cairo_read_func_t`, by way of an unretained pointer to this object.
final class ByteSink {
  /// The bytes written so far, or the bytes still to be read.
  var data: Data
  /// The next byte to read.
  var readOffset = 0

  init(data: Data = Data()) { self.data = data }

  /// An unretained pointer to pass as Cairo's `closure`; the sink must outlive its use.
  var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Cairo's write callback: appends to the sink behind `closure`.
  static let write: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
  }

  /// Cairo's read callback: copies the next `length` bytes, or fails when fewer remain.
  static let read: cairo_read_func_t = { closure, buffer, length in
    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    let count = Int(length)
    guard sink.data.count - sink.readOffset >= count else { return CAIRO_STATUS_READ_ERROR }
    let start = sink.data.startIndex + sink.readOffset
    sink.data.copyBytes(to: buffer, from: start..<start + count)
    sink.readOffset += count
    return CAIRO_STATUS_SUCCESS
  }
}
