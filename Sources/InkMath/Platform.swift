#if canImport(Glibc)
  import Glibc
#endif

/// The platform-specific calls of InkMath, in one place.
enum Platform {
  /// Asks the kernel to back the pages of a large, not yet touched allocation with transparent
  /// huge pages (`madvise(MADV_HUGEPAGE)`), as NumPy does for arrays of 4 MiB or more. Writing a
  /// 3.2 GB distance matrix then takes about 1 500 page faults instead of 800 000. Only the whole
  /// 2 MiB-aligned pages inside the range are advised; elsewhere, and on failure, nothing changes.
  static func adviseHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
      let hugePage = 2 << 20
      guard byteCount >= 2 * hugePage else { return }
      let first = (Int(bitPattern: start) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: start) + byteCount) & ~(hugePage - 1)
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, end - first, MADV_HUGEPAGE)
    #endif
  }
}
