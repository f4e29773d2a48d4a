/// A gesture as $P and $Q see it: its points resampled to `count` along its strokes (pen-up
/// jumps not counted), scaled uniformly so that the longer side of the bounding box is 1
/// (from its corner), and translated so that the centroid is the origin (the papers' `Resample`,
/// `Scale`, `TranslateTo`; a gesture of extent 0 is not scaled).
struct PointCloud: Sendable {
  /// The normalised points, with their stroke indices.
  var points: [GesturePoint]

  /// The cloud of the given strokes.
  init(_ strokes: [[GesturePoint]], count: Int) {
    let resampled = GestureGeometry.resample(Array(strokes.joined()), count: count)
    let box = GestureGeometry.boundingBox(resampled)
    let size = max(box.maxX - box.minX, box.maxY - box.minY)
    let scale = size > 0 ? size : 1
    let scaled = resampled.map {
      GesturePoint(x: ($0.x - box.minX) / scale, y: ($0.y - box.minY) / scale, stroke: $0.stroke)
    }
    points = GestureGeometry.translateToOrigin(scaled)
  }
}
