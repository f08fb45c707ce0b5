#pragma once
// Where DPC++ programs include the root-group extension from.
#include "sycl/ext/oneapi/root_group.hpp"
