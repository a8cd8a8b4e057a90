// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {HoldingBox} from "./HoldingBox.sol";

interface IERC20Balance {
    function balanceOf(address account) external view returns (uint256);
}

/// @title HoldingBoxFactory
/// @notice Per-domain holding boxes at CREATE2 addresses. The salt is keccak256(bytes(canonicalDomain)),
/// computed by the caller (canonicalisation lives off chain, in lib/chain/predict.ts). A box is
/// deployed lazily, on its first release or refund.
contract HoldingBoxFactory {
    uint256 public constant MAX_FEE_BPS = 10_000;
    /// keccak256 of HoldingBox's creation code; the same constant is exported by lib/chain/abis.ts.
    bytes32 public constant BOX_INIT_CODE_HASH = keccak256(type(HoldingBox).creationCode);

    address public immutable token;
    address public owner;
    address public operator;

    event BoxDeployed(bytes32 indexed salt, address indexed box);
    event Released(
        bytes32 indexed salt,
        address indexed box,
        address indexed creator,
        address treasury,
        uint256 creatorAmount,
        uint256 feeAmount,
        uint256 feeBps
    );
    event Refunded(bytes32 indexed salt, address indexed box, address indexed payer, uint256 amount);
    event OperatorChanged(address indexed previousOperator, address indexed newOperator);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner();
    error NotOperator();
    error ZeroAddress();
    error FeeTooHigh(uint256 feeBps);
    error InsufficientBoxBalance(uint256 balance, uint256 amount);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyOperator() {
        if (msg.sender != operator) revert NotOperator();
        _;
    }

    constructor(address token_, address operator_) {
        if (token_ == address(0) || operator_ == address(0)) revert ZeroAddress();
        token = token_;
        owner = msg.sender;
        operator = operator_;
        emit OwnershipTransferred(address(0), msg.sender);
        emit OperatorChanged(address(0), operator_);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function setOperator(address newOperator) external onlyOwner {
        if (newOperator == address(0)) revert ZeroAddress();
        emit OperatorChanged(operator, newOperator);
        operator = newOperator;
    }

    function boxAddress(bytes32 salt) public view returns (address) {
        return address(
            uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, BOX_INIT_CODE_HASH))))
        );
    }

    /// @notice Sends the box's whole balance out: balance * feeBps / 10000 (rounded down) to the
    /// treasury and the rest to the creator, so nothing is lost to rounding.
    function release(bytes32 salt, address creator, address treasury, uint256 feeBps)
        external
        onlyOperator
        returns (uint256 creatorAmount, uint256 feeAmount)
    {
        if (creator == address(0) || treasury == address(0)) revert ZeroAddress();
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps);
        HoldingBox box = _ensureBox(salt);
        uint256 balance = IERC20Balance(token).balanceOf(address(box));
        feeAmount = balance * feeBps / MAX_FEE_BPS;
        creatorAmount = balance - feeAmount;
        if (feeAmount != 0) box.pay(treasury, feeAmount);
        if (creatorAmount != 0) box.pay(creator, creatorAmount);
        emit Released(salt, address(box), creator, treasury, creatorAmount, feeAmount, feeBps);
    }

    function refund(bytes32 salt, address payer, uint256 amount) external onlyOperator {
        if (payer == address(0)) revert ZeroAddress();
        HoldingBox box = _ensureBox(salt);
        uint256 balance = IERC20Balance(token).balanceOf(address(box));
        if (amount > balance) revert InsufficientBoxBalance(balance, amount);
        if (amount != 0) box.pay(payer, amount);
        emit Refunded(salt, address(box), payer, amount);
    }

    function _ensureBox(bytes32 salt) internal returns (HoldingBox box) {
        box = HoldingBox(boxAddress(salt));
        if (address(box).code.length == 0) {
            box = new HoldingBox{salt: salt}();
            emit BoxDeployed(salt, address(box));
        }
    }
}
