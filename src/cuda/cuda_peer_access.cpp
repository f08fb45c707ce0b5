#include <cuda_runtime_api.h>

#include "tessera/backend/cuda/runtime.hpp"

namespace tessera::cuda {

bool can_access_peer(const runtime::device_impl& d, const runtime::device_impl& peer, bool atomics) {
  int yes = 0;
  const cudaError_t e = atomics ? cudaDeviceGetP2PAttribute(&yes, cudaDevP2PAttrNativeAtomicSupported, d.ordinal,
                                                            peer.ordinal)
                                : cudaDeviceCanAccessPeer(&yes, d.ordinal, peer.ordinal);
  if (e != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return yes != 0;
}

// Access is the current device's to `peer`; the caller's current device is left as it was.
void set_peer_access(const runtime::device_impl& d, const runtime::device_impl& peer, bool on) {
  int current = 0;
  cudaGetDevice(&current);
  set_device(d);
  const cudaError_t e = on ? cudaDeviceEnablePeerAccess(peer.ordinal, 0) : cudaDeviceDisablePeerAccess(peer.ordinal);
  cudaSetDevice(current);
  throw_if_error(e, on ? "ext_oneapi_enable_peer_access (cudaDeviceEnablePeerAccess)"
                       : "ext_oneapi_disable_peer_access (cudaDeviceDisablePeerAccess)");
}

} // namespace tessera::cuda
