#pragma once
// Where DPC++ programs include the group load/store extension from.
#include "sycl/ext/oneapi/group_load_store.hpp"
