// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// An EIP-1967 proxy: the implementation's address in the standard slot, every call delegated to it.
contract DemoProxy {
    /// bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation, bytes memory init) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        (bool ok, ) = implementation.delegatecall(init);
        require(ok, "init");
    }

    fallback() external payable {
        assembly {
            let implementation := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}
