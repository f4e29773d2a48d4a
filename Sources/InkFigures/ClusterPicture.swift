import Foundation
import InkRender
import OpenPencilKit

/// A grid of what each cluster holds: a row a cluster, its representative drawing first on a
/// tinted cell, then a sample of its members, each drawn small and fitted to its cell, under a
/// line naming the cluster, its size and, where known, its majority label.
///
/// ```swift
/// let png = try ClusterPicture(clusters: rows).render(format: .png)
/// ```
public struct ClusterPicture: Sendable {
  /// One row of the grid.
  public struct Cluster: Sendable, Hashable {
    /// The line above the row ("cluster 2: 18 drawings, mostly clock (12)").
    public var title: String
    /// The drawings of the row, each a list of polylines: the representative first, then the
    /// sample of members. Points that are not finite are skipped.
    public var drawings: [[[CGPoint]]]

    /// A row from its parts.
    public init(title: String, drawings: [[[CGPoint]]]) {
      self.title = title
      self.drawings = drawings
    }
  }

  /// The rows, top to bottom.
  public var clusters: [Cluster]

  /// The side of a cell, in pixels.
  public static let cellSize = 96
  /// The height of the title band above a row, in pixels.
  public static let titleHeight = 22

  /// A picture of clusters.
  public init(clusters: [Cluster]) { self.clusters = clusters }

  /// The picture's size in pixels: as many cells across as the longest row has drawings (at
  /// least four, so that a title fits), a title band and a cell high a row (one band for no
  /// rows).
  public var pixelSize: (width: Int, height: Int) {
    let columns = max(4, clusters.map(\.drawings.count).max() ?? 0)
    let rows = clusters.count
    return (columns * Self.cellSize, max(1, rows) * Self.titleHeight + rows * Self.cellSize)
  }

  /// The representative's cell tint.
  static let representativeTint = PKColor(red: 0.93, green: 0.95, blue: 1, alpha: 1)
  /// The ink.
  static let inkColor = PKColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
  /// The titles' and cell borders' grey.
  static let textColor = PKColor(red: 0.25, green: 0.25, blue: 0.3, alpha: 1)

  /// The picture as PNG, SVG or PDF bytes.
  ///
  /// - Throws: `RenderError` for a grid Cairo cannot draw (too many pixels).
  public func render(format: RenderFormat) throws -> Data {
    let (width, height) = pixelSize
    let canvas = try Canvas(
      format: format, pixelWidth: width, pixelHeight: height, origin: .zero, scale: 1)
    canvas.fill(.white)
    let cell = CGFloat(Self.cellSize)
    let band = CGFloat(Self.titleHeight)
    if clusters.isEmpty {
      canvas.drawText(
        "no clusters", from: CGPoint(x: 6, y: band / 2), fontSize: 13, color: Self.textColor)
    }
    for (row, cluster) in clusters.enumerated() {
      let top = CGFloat(row) * (band + cell)
      canvas.drawText(
        cluster.title, from: CGPoint(x: 6, y: top + band / 2), fontSize: 13,
        color: Self.textColor)
      for (column, drawing) in cluster.drawings.enumerated() {
        let box = CGRect(x: CGFloat(column) * cell, y: top + band, width: cell, height: cell)
        if column == 0 { canvas.fillPolygon(Self.corners(of: box), color: Self.representativeTint) }
        canvas.strokePolygon(
          Self.corners(of: box.insetBy(dx: 0.5, dy: 0.5)),
          style: LineStyle(width: 1, color: PKColor(red: 0.85, green: 0.85, blue: 0.88, alpha: 1)))
        draw(drawing, in: box.insetBy(dx: cell * 0.1, dy: cell * 0.1), on: canvas)
      }
    }
    return try canvas.finish()
  }

  /// Draws polylines scaled uniformly to fit `box`, centred in it.
  private func draw(_ drawing: [[CGPoint]], in box: CGRect, on canvas: Canvas) {
    let points = drawing.joined().filter { $0.x.isFinite && $0.y.isFinite }
    guard let first = points.first else { return }
    var bounds = CGRect(origin: first, size: .zero)
    for point in points { bounds = bounds.union(CGRect(origin: point, size: .zero)) }
    let scale = min(box.width, box.height) / max(bounds.width, bounds.height, 1e-9)
    let offset = CGPoint(
      x: box.midX - bounds.midX * scale, y: box.midY - bounds.midY * scale)
    let style = LineStyle(width: 1.5, color: Self.inkColor)
    for line in drawing {
      let placed = line.filter { $0.x.isFinite && $0.y.isFinite }.map {
        CGPoint(x: $0.x * scale + offset.x, y: $0.y * scale + offset.y)
      }
      if placed.count == 1 {
        canvas.fillCircle(center: placed[0], radius: 1.2, color: Self.inkColor)
      } else if placed.count > 1 {
        canvas.strokePolyline(placed, style: style)
      }
    }
  }

  /// The corners of a rectangle, clockwise from the top left.
  private static func corners(of box: CGRect) -> [CGPoint] {
    [
      CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
      CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.minX, y: box.maxY),
    ]
  }
}
