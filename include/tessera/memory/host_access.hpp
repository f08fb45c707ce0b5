#pragma once
#include <memory>
#include <vector>

#include "sycl/access.hpp"
#include "tessera/group/call_site.hpp"
#include "tessera/runtime/buffer_impl.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace tessera::memory {

// A host accessor's access to a buffer's (or an image's) storage, ordered like a command: it waits
// for earlier writers (and, to write, readers), and later commands wait for it while the returned
// hold lives (its copies share it). `site`, where the accessor was made, is named if this thread
// then waits for a command that the hold blocks.
inline std::shared_ptr<void> hold_on_host(runtime::buffer_impl& storage, sycl::access_mode mode,
                                          group::call_site site) {
  struct release {
    std::shared_ptr<runtime::event_impl> ev;
    ~release() {
      if (ev) ev->mark_complete();
    }
  };
  auto ev = std::make_shared<runtime::event_impl>();
  std::vector<std::shared_ptr<runtime::event_impl>> deps;
  storage.order_access(mode, ev, deps);
  auto hold = std::make_shared<release>();
  hold->ev = ev; // a wait refused below must not leave later commands waiting for this access
  for (auto& d : deps) d->wait("making a host_accessor");
  storage.prepare_host(mode);
  ev->mark_running();
  ev->hold_for_host(site.file, site.line);
  return hold;
}

} // namespace tessera::memory
