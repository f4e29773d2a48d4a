/// The Lance–Williams updates of ``LinkageMethod``, written once for every path of the linkage:
/// the condensed matrix's merge, the compacting matrix's vector pass over a row and its replay of
/// pending updates. One formula a method, in one order of operations, keeps their heights bit for
/// bit the same.
///
/// `dx` and `dy` are a cluster `i`'s distances to the merged clusters `x` and `y` (squared for
/// Ward's method), `ni`, `nx`, `ny` the sizes, `dxy` the distance between `x` and `y`.
enum LanceWilliams {
  /// Single linkage: `min(dx, dy)`.
  @inline(__always) static func single<V: LanceWilliamsOperand>(_ dx: V, _ dy: V) -> V {
    V.lesser(dx, dy)
  }

  /// Complete linkage: `max(dx, dy)`.
  @inline(__always) static func complete<V: LanceWilliamsOperand>(_ dx: V, _ dy: V) -> V {
    V.greater(dx, dy)
  }

  /// Average linkage (UPGMA): `(nx·dx + ny·dy) / (nx + ny)`.
  @inline(__always) static func average<V: LanceWilliamsOperand>(
    _ dx: V, _ dy: V, sizeX nx: V, sizeY ny: V
  ) -> V {
    (nx * dx + ny * dy) / (nx + ny)
  }

  /// Ward's method on squared distances: `((ni + nx)·dx + (ni + ny)·dy − ni·dxy) / (nx + ny + ni)`.
  @inline(__always) static func ward<V: LanceWilliamsOperand>(
    _ dx: V, _ dy: V, sizeI ni: V, sizeX nx: V, sizeY ny: V, between dxy: V
  ) -> V {
    ((ni + nx) * dx + (ni + ny) * dy - ni * dxy) / (nx + ny + ni)
  }
}
