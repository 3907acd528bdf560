// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A company's token: a plain OpenZeppelin ERC-20 whose whole supply is minted once, at
/// deployment, to one holder (the company's treasury). No owner, no further minting.
contract PrelaunchToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply, address holder)
        ERC20(name_, symbol_)
    {
        _decimals = decimals_;
        _mint(holder, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
