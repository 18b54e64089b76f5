// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// A contract no bundled interface knows: it passes ether on through subcalls, one of which may revert.
contract Splitter {
    event Paid(address indexed payee, uint256 amount, bool ok);

    /// Sends the call's value in equal parts to `payees`' take(); a payee that refuses gets nothing: its part stays here.
    function split(address[] calldata payees, uint64 memo) external payable {
        uint256 part = msg.value / payees.length;
        for (uint256 i = 0; i < payees.length; i++) {
            try Refuser(payees[i]).take{value: part}(memo) {
                emit Paid(payees[i], part, true);
            } catch {
                emit Paid(payees[i], part, false);
            }
        }
    }

    /// Moves tokens it was allowed to, then records a note: a token call under an unknown one.
    function settle(address token, address to, uint256 amount) external {
        (bool ok, ) = token.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, to, amount));
        require(ok, "transfer");
    }
}

/// Accepts ether through take(), or refuses it (reverts) when deployed with `refuse`.
contract Refuser {
    bool private immutable refuse;

    constructor(bool refuseAll) {
        refuse = refuseAll;
    }

    function take(uint64 memo) external payable {
        require(!refuse, "refused");
        emit Taken(msg.sender, msg.value, memo);
    }

    event Taken(address indexed from, uint256 amount, uint64 memo);
}
