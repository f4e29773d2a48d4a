import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 at a free port, to prove that nothing connected to it:
/// a connection attempt completes in the kernel's backlog whether or not it is accepted.
final class LocalListener {
  /// The port it listens on.
  let port: UInt16
  private let socket: Int32

  init() throws {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && listen(socket, 16) == 0
          && getsockname(socket, address, &length) == 0
      }
    }
    guard bound, fcntl(socket, F_SETFL, O_NONBLOCK) == 0 else {
      close(socket)
      throw POSIXError(.EIO)
    }
    self.socket = socket
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socket) }

  /// How many connections were made so far (each is accepted and closed).
  func connections() -> Int {
    var count = 0
    while true {
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { return count }
      close(connection)
      count += 1
    }
  }
}
