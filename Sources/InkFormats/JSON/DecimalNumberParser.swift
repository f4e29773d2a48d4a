import _DuctusSupport

/// Turns the bytes of a decimal number (JSON's grammar: `-?digits(.digits)?([eE][+-]?digits)?`)
/// into the correctly rounded `Double`.
///
/// Three paths, fastest first:
/// 1. Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately",
///    PLDI 1990): a significand of at most 2⁵³ and a power of ten of at most 10²² are both exact
///    doubles, so one IEEE multiplication or division rounds correctly.
/// 2. Exact integer arithmetic for up to 19 significant digits and powers 10⁻²⁷…10²⁷: the
///    significand is multiplied by 5ᵏ or divided by 5ᵏ in 128 bits (5²⁷ < 2⁶³), the quotient keeps
///    at least 65 significant bits plus a sticky bit, and is rounded to nearest-even once. This
///    covers the 17-digit shortest forms of `Float` values widened to `Double` (PencilKit stores
///    single precision), which Clinger's path does not.
/// 3. Anything else (more than 19 significant digits, huge or tiny exponents) goes to the C
///    library's `strtod`, which rounds correctly but is slower.
@usableFromInline
enum DecimalNumberParser {
  /// 10ᵏ for k in 0…22, each exact in a `Double` (a switch over literals compiles to a table,
  /// without the lazy-global check and array retain a `static let` array costs in the hot loop).
  @inline(__always)
  static func exactPowerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// 5ᵏ for k in 0…27, each below 2⁶³ (a switch over literals, a table like
  /// ``exactPowerOfTen(_:)``, instead of k multiplications).
  @inline(__always)
  static func powerOfFive(_ k: Int) -> UInt64 {
    switch k {
    case 0: 1
    case 1: 5
    case 2: 25
    case 3: 125
    case 4: 625
    case 5: 3_125
    case 6: 15_625
    case 7: 78_125
    case 8: 390_625
    case 9: 1_953_125
    case 10: 9_765_625
    case 11: 48_828_125
    case 12: 244_140_625
    case 13: 1_220_703_125
    case 14: 6_103_515_625
    case 15: 30_517_578_125
    case 16: 152_587_890_625
    case 17: 762_939_453_125
    case 18: 3_814_697_265_625
    case 19: 19_073_486_328_125
    case 20: 95_367_431_640_625
    case 21: 476_837_158_203_125
    case 22: 2_384_185_791_015_625
    case 23: 11_920_928_955_078_125
    case 24: 59_604_644_775_390_625
    case 25: 298_023_223_876_953_125
    case 26: 1_490_116_119_384_765_625
    default: 7_450_580_596_923_828_125
    }
  }

  /// Parses the number that starts at `index`, leaving `index` after it; `nil` (and `index`
  /// unchanged) when the bytes there are not a number.
  @inline(__always)
  static func parse(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> Double? {
    let start = index
    let end = bytes.count
    var i = index
    var negative = false
    if i < end, bytes[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var significand: UInt64 = 0
    var significantDigits = 0
    var decimalExponent = 0
    var truncated = false
    // Integer part: one zero, or a non-zero digit and more digits.
    guard i < end, bytes[i] &- 48 < 10 else { return nil }
    if bytes[i] == 48 {
      i += 1
    } else {
      while i < end {
        let digit = bytes[i] &- 48
        if digit >= 10 { break }
        if significantDigits < 19 {
          significand = significand &* 10 &+ UInt64(digit)
          significantDigits += 1
        } else {
          decimalExponent += 1
          if digit != 0 { truncated = true }
        }
        i += 1
      }
    }
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while i < end {
        let digit = bytes[i] &- 48
        if digit >= 10 { break }
        if significantDigits < 19 {
          if significand != 0 || digit != 0 {
            significand = significand &* 10 &+ UInt64(digit)
            significantDigits += 1
          }
          decimalExponent -= 1
        } else if digit != 0 {
          truncated = true
        }
        i += 1
      }
      guard i > fractionStart else { return nil }
    }
    if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var exponentNegative = false
      if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      let exponentStart = i
      var exponent = 0
      while i < end {
        let digit = bytes[i] &- 48
        if digit >= 10 { break }
        if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
        i += 1
      }
      guard i > exponentStart else { return nil }
      decimalExponent += exponentNegative ? -exponent : exponent
    }
    index = i
    if significand == 0 && !truncated { return negative ? -0.0 : 0.0 }
    if !truncated, significand <= 1 << 53, decimalExponent >= -22, decimalExponent <= 22 {
      let mantissa = Double(significand)
      let value =
        decimalExponent < 0
        ? mantissa / exactPowerOfTen(-decimalExponent)
        : mantissa * exactPowerOfTen(decimalExponent)
      return negative ? -value : value
    }
    if !truncated, let value = exactValue(significand, decimalExponent) {
      return negative ? -value : value
    }
    return correctlyRoundedByLibrary(bytes, start..<i)
  }

  /// `significand × 10^decimalExponent` rounded once by exact 128-bit arithmetic (path 2), or
  /// `nil` outside its range. Clinger's path is inlined in `parse(_:at:)`.
  static func exactValue(_ significand: UInt64, _ decimalExponent: Int) -> Double? {
    guard decimalExponent >= -27, decimalExponent <= 27 else { return nil }
    if decimalExponent >= 0 {
      let product = significand.multipliedFullWidth(by: powerOfFive(decimalExponent))
      return roundedToNearestEven(
        high: product.high, low: product.low, sticky: false, binaryExponent: decimalExponent)
    }
    let divisor = powerOfFive(-decimalExponent)
    let shift = significand.leadingZeroBitCount
    let numerator = significand << shift
    let (upper, remainder) = numerator.quotientAndRemainder(dividingBy: divisor)
    let (lower, lastRemainder) = divisor.dividingFullWidth((high: remainder, low: 0))
    return roundedToNearestEven(
      high: upper, low: lower, sticky: lastRemainder != 0,
      binaryExponent: decimalExponent - shift - 64)
  }

  /// `(high·2⁶⁴ + low + ε) × 2^binaryExponent` rounded to the nearest double, ties to even, where
  /// `sticky` says whether a non-zero fraction ε < 1 was dropped. The callers keep the result in
  /// the normal range.
  @inline(__always)
  static func roundedToNearestEven(
    high: UInt64, low: UInt64, sticky: Bool, binaryExponent: Int
  ) -> Double {
    var high = high
    var low = low
    let shift = high != 0 ? high.leadingZeroBitCount : 64 + low.leadingZeroBitCount
    if shift >= 64 {
      high = low << (shift - 64)
      low = 0
    } else if shift > 0 {
      high = high << shift | low >> (64 - shift)
      low <<= shift
    }
    // Now (high·2⁶⁴ + low) lies in [2¹²⁷, 2¹²⁸): the top 53 bits are the mantissa, worth 2⁷⁵ each.
    var mantissa = high >> 11
    let halfway = (high >> 10) & 1
    let rest = (high & 0x3FF) != 0 || low != 0 || sticky
    if halfway == 1 && (rest || mantissa & 1 == 1) { mantissa += 1 }
    return Double(
      sign: .plus, exponent: binaryExponent - shift + 75,
      significand: Double(mantissa))
  }

  /// The C library's correctly rounded conversion of the bytes in `range`.
  static func correctlyRoundedByLibrary(
    _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>
  ) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { buffer in
      for (offset, index) in range.enumerated() {
        buffer[offset] = CChar(bitPattern: bytes[index])
      }
      buffer[range.count] = 0
      return Platform.parseDouble(buffer.baseAddress!)
    }
  }
}
